// cuda_build.h: compiling a file's CUDA handlers with nvcc into a fat
// binary, in the background while the host code compiles, through a
// content-addressed cache of images (CDVMH_CUDA_CACHE).
#ifndef CDVMH_CUDA_BUILD_H
#define CDVMH_CUDA_BUILD_H

#include <llvm/ADT/ArrayRef.h>
#include <llvm/Support/Program.h>
#include <string>
#include <vector>

// The cache folder: $CDVMH_CUDA_CACHE (empty, "off" or "0": no cache),
// else $XDG_CACHE_HOME/cdvmh, else ~/.cache/cdvmh.
std::string cuda_cache_dir();

// A program file's identity in a cache key: its path, size and modification
// time, so that another one installed in the same place misses.
std::string file_identity(const std::string &path);

// bytes as lower-case hex digits (a digest's name in the cache).
std::string hex(llvm::ArrayRef<uint8_t> bytes);

class CudaBuild {
public:
    std::vector<std::string> archs{"sm_90"};
    std::string error;

    CudaBuild() = default;
    CudaBuild(const CudaBuild &) = delete;
    CudaBuild &operator=(const CudaBuild &) = delete;
    // Stops an nvcc still running, removes the temporary files.
    ~CudaBuild();

    // A cached image, or nvcc started in the background. false: nvcc could
    // not be started (error says why).
    bool start(const std::string &nvcc, const std::string &cu, const std::vector<std::string> &flags);
    // Waits for nvcc; then the image is in the file image_path() names.
    // false: nvcc failed (error has its messages).
    bool finish();
    // Whether nvcc has ended (without waiting); then finish() returns at once.
    bool poll();
    // Where the image is once finish() succeeds (known from start() on).
    const std::string &image_path() const { return image; }
    // What the image is made from (nvcc, its arguments, the source), as
    // hex digits: its name in the cache.
    const std::string &key() const { return key_text; }
    // Whether start() found the image in the cache (no nvcc run).
    bool cache_hit() const { return hit; }

private:
    bool ended(const llvm::sys::ProcessInfo &done);

    llvm::sys::ProcessInfo process;
    bool running = false, hit = false, finished = false, ok = false;
    std::string image;          // the image's file once finished
    std::string cached;         // its place in the cache; empty: no cache
    std::string out, cu_path, log_path;   // nvcc's output, input, messages
    std::string why;
    std::string key_text;
};

#endif
