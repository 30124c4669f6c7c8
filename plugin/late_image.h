// late_image.h: puts a file's device image into its object while nvcc is
// still building it. The assembler reads the image (.incbin) from a named
// pipe in a function that a pass adds last to the optimized module, so that
// nvcc runs while the host code is parsed, optimized and compiled to
// machine code, and the compile waits for nvcc only when it writes that
// last function. A thread waits for nvcc and feeds the pipe.
#ifndef CDVMH_LATE_IMAGE_H
#define CDVMH_LATE_IMAGE_H

#include <atomic>
#include <clang/Basic/CodeGenOptions.h>
#include <memory>
#include <string>
#include <thread>

class CudaBuild;

class LateImage {
public:
    LateImage() = default;
    LateImage(const LateImage &) = delete;
    LateImage &operator=(const LateImage &) = delete;
    // Stops the thread and removes the pipe.
    ~LateImage();

    // Makes the pipe (in the temporary folder, else in /tmp); false: none
    // could be made (the caller then waits for nvcc, and the assembler
    // reads the image from its file).
    bool open();
    // Where the assembler reads the image: the pipe, and once the image is
    // fed, a regular file with its bytes (so that no later reader waits).
    const std::string &path() const { return pipe_path; }
    // Registers in cg a pass at the end of the optimization pipeline that
    // adds to the module, as its last function, one whose assembler text is
    // asm_text (the .incbin of path()). pass_ran() then says it ran: a
    // compile that never reached it has no image.
    void add_pass(clang::CodeGenOptions &cg, const std::string &asm_text);
    bool pass_ran() const { return *ran; }
    // Starts the thread: it waits for build to finish and then writes its
    // image to the pipe (nothing when nvcc failed).
    void start(CudaBuild &build);
    // The compile is over: stops the thread (still waiting: nvcc is left to
    // build's destructor). true: build had finished (build.finish() tells
    // how).
    bool stop();

private:
    void feed(CudaBuild &build);

    std::string pipe_path;
    int fd = -1;                    // the pipe, open for reading and writing
    std::thread thread;
    std::atomic<bool> cancel{false}, built{false};
    std::shared_ptr<bool> ran = std::make_shared<bool>(false);
};

#endif
