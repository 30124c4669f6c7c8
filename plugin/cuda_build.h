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

// The cache's size limit in bytes: $CDVMH_CACHE_SIZE, a number with K, M
// or G (binary), default 1G; 0: no limit. -1: the value is not a size.
long long cache_size_limit();
// Marks a file of the cache as just used (eviction goes by its time).
void cache_touch(const std::string &path);
// After a compile has put a file into the cache folder dir: at most once a
// minute (the time of dir/trimmed), removes the images and objects used
// least recently until the cache holds at most nine tenths of its limit,
// never one used in the last ten minutes (another compile may still read
// it), and what compiles that stopped midway left (*.tmp*, an hour old).
void cache_trim(const std::string &dir);

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

    // Starts nvcc before the CUDA file is known (nothing when it cannot):
    // nvcc reads the CUDA runtime's headers meanwhile, then the file from a
    // pipe that the file it is given (a stub) includes after them, and
    // start() fills. When start() has other flags, a file larger than the
    // pipe or a cached image, or never comes, the pipe closes without the
    // file's end mark, and this nvcc ends by itself, refusing the stub.
    void start_early(const std::string &nvcc, const std::vector<std::string> &flags);
    // A cached image, or nvcc started in the background (the early one,
    // given cu). false: nvcc could not be started (error says why).
    bool start(const std::string &nvcc, const std::string &cu, const std::vector<std::string> &flags);
    // Whether start() gave its file to the early nvcc.
    bool used_early() const { return early_used; }
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
    std::vector<std::string> arguments(const std::string &nvcc,
                                       const std::vector<std::string> &flags) const;
    // nvcc on input into output, its messages into log (Pid InvalidPid:
    // it could not start, error says why)
    llvm::sys::ProcessInfo spawn(const std::string &nvcc, std::vector<std::string> args,
                                 const std::string &input, const std::string &output,
                                 const std::string &log);
    // closes the early nvcc's pipe: without its file, it ends at once
    void stop_early();
    // the early nvcc given its file failed: starts nvcc again on a file
    // (true), once
    bool retry_on_file(const llvm::sys::ProcessInfo &done);

    llvm::sys::ProcessInfo process;
    bool running = false, hit = false, finished = false, ok = false;
    std::string image;          // the image's file once finished
    std::string cached;         // its place in the cache; empty: no cache
    std::string out, cu_path, log_path;   // nvcc's output, input, messages
    std::string why;
    std::string key_text;
    int early_fd = -1, early_read = -1;   // the early nvcc's pipe
    size_t early_room = 0;             // what the pipe holds
    std::vector<std::string> early_args;
    llvm::sys::ProcessInfo early_process;
    bool early_waiting = false;        // it is to be reaped (not given its file)
    std::string stub_path, early_out, early_log;
    bool early_used = false, retried = false;
    std::string retry_nvcc, retry_cu;
    std::vector<std::string> retry_args;
};

#endif
