// late_image.cpp: see late_image.h.
#include "late_image.h"
#include "cuda_build.h"

#include <cerrno>
#include <chrono>
#include <fcntl.h>
#include <llvm/IR/BasicBlock.h>
#include <llvm/IR/Function.h>
#include <llvm/IR/IRBuilder.h>
#include <llvm/IR/InlineAsm.h>
#include <llvm/IR/Module.h>
#include <llvm/IR/PassManager.h>
#include <llvm/Passes/OptimizationLevel.h>
#include <llvm/Passes/PassBuilder.h>
#include <llvm/Support/FileSystem.h>
#include <llvm/Support/MemoryBuffer.h>
#include <llvm/Transforms/Utils/ModuleUtils.h>
#include <poll.h>
#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>

namespace {

struct ImageReader : llvm::PassInfoMixin<ImageReader> {
    std::string asm_text;
    std::shared_ptr<bool> ran;

    llvm::PreservedAnalyses run(llvm::Module &m, llvm::ModuleAnalysisManager &)
    {
        if (*ran)
            return llvm::PreservedAnalyses::all();
        *ran = true;
        // created last, it is the last function code generation writes
        llvm::LLVMContext &c = m.getContext();
        auto *type = llvm::FunctionType::get(llvm::Type::getVoidTy(c), false);
        auto *f = llvm::Function::Create(type, llvm::GlobalValue::InternalLinkage,
                                         "dvmh_cuda_image_reader", m);
        f->addFnAttr(llvm::Attribute::NoInline);
        f->addFnAttr(llvm::Attribute::NoUnwind);
        llvm::IRBuilder<> b(llvm::BasicBlock::Create(c, "", f));
        b.CreateCall(llvm::InlineAsm::get(type, asm_text, "", true));
        b.CreateRetVoid();
        llvm::appendToCompilerUsed(m, {f});
        return llvm::PreservedAnalyses::none();
    }
    static bool isRequired() { return true; }  // also at -O0 and under optnone
};

} // namespace

bool LateImage::open()
{
    // in the temporary folder, else in /tmp (a TMPDIR whose file system
    // makes no named pipes)
    llvm::SmallString<128> path;
    bool in_tmp = false;
    for (int attempt = 0; attempt < 16; attempt++) {
        if (in_tmp)
            llvm::sys::fs::createUniquePath("/tmp/cdvmh-image-%%%%%%%%%%%%", path, false);
        else
            llvm::sys::fs::createUniquePath("cdvmh-image-%%%%%%%%%%%%", path, true);
        if (mkfifo(path.c_str(), 0600) == 0) {
            // read and write: never blocks, and the reader's open does not
            // wait for a writer (Linux); the reader sees the end of the
            // image when this is closed
            fd = ::open(path.c_str(), O_RDWR | O_NONBLOCK | O_CLOEXEC);
            if (fd < 0) {
                unlink(path.c_str());
                return false;
            }
            pipe_path = path.str().str();
            fcntl(fd, F_SETPIPE_SZ, 1 << 20);  // fewer wake-ups; a hint only
            return true;
        }
        if (errno == EEXIST)
            continue;
        if (in_tmp || path.str().starts_with("/tmp/"))
            return false;
        in_tmp = true;
    }
    return false;
}

void LateImage::add_pass(clang::CodeGenOptions &cg, const std::string &asm_text)
{
    std::shared_ptr<bool> r = ran;
    cg.PassBuilderCallbacks.push_back([asm_text, r](llvm::PassBuilder &pb) {
        pb.registerOptimizerLastEPCallback([asm_text, r](llvm::ModulePassManager &mpm,
                                                         llvm::OptimizationLevel) {
            mpm.addPass(ImageReader{{}, asm_text, r});
        });
    });
}

void LateImage::start(CudaBuild &build)
{
    thread = std::thread([this, &build] { feed(build); });
}

void LateImage::feed(CudaBuild &build)
{
    // polled, so that a compile that ends early (errors) need not wait
    while (!build.poll()) {
        if (cancel.load())
            return;
        std::this_thread::sleep_for(std::chrono::milliseconds(2));
    }
    built.store(true);
    std::string bytes;
    if (build.finish())
        if (auto image = llvm::MemoryBuffer::getFile(build.image_path(), false, false))
            bytes = (*image)->getBuffer().str();
    // a reader that opens the path from now on reads a regular file
    std::string file = pipe_path + ".image";
    bool renamed = false;
    if (FILE *f = fopen(file.c_str(), "wb")) {
        bool written = fwrite(bytes.data(), 1, bytes.size(), f) == bytes.size();
        renamed = fclose(f) == 0 && written && rename(file.c_str(), pipe_path.c_str()) == 0;
        if (!renamed)
            unlink(file.c_str());
    }
    if (!renamed)  // a later reader fails (no such file) rather than waits
        unlink(pipe_path.c_str());
    // the one that has the pipe open gets the bytes, and their end
    size_t done = 0;
    while (done < bytes.size()) {
        ssize_t n = write(fd, bytes.data() + done, bytes.size() - done);
        if (n > 0) {
            done += static_cast<size_t>(n);
            continue;
        }
        if (n < 0 && errno != EAGAIN && errno != EINTR)
            break;
        if (cancel.load())  // no reader came: the compile is over
            break;
        pollfd p = {fd, POLLOUT, 0};
        poll(&p, 1, 10);
    }
    close(fd);
    fd = -1;
}

bool LateImage::stop()
{
    cancel.store(true);
    if (thread.joinable())
        thread.join();
    return built.load();
}

LateImage::~LateImage()
{
    stop();
    if (fd >= 0)
        close(fd);
    if (!pipe_path.empty())
        unlink(pipe_path.c_str());
}
