// cuda_build.cpp: see cuda_build.h.
#include "cuda_build.h"

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <llvm/Support/FileSystem.h>
#include <llvm/Support/MemoryBuffer.h>
#include <llvm/Support/SHA256.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

std::string cuda_cache_dir()
{
    if (const char *env = getenv("CDVMH_CUDA_CACHE")) {
        if (!*env || !strcmp(env, "off") || !strcmp(env, "0"))
            return "";
        return env;
    }
    if (const char *xdg = getenv("XDG_CACHE_HOME"); xdg && *xdg == '/')
        return std::string(xdg) + "/cdvmh";
    if (const char *home = getenv("HOME"); home && *home)
        return std::string(home) + "/.cache/cdvmh";
    return "";
}

std::string file_identity(const std::string &path)
{
    struct stat st;
    if (stat(path.c_str(), &st) != 0)
        return path;
    return path + "\n" + std::to_string(static_cast<long long>(st.st_size)) + "\n" +
           std::to_string(static_cast<long long>(st.st_mtim.tv_sec)) + "." +
           std::to_string(static_cast<long long>(st.st_mtim.tv_nsec));
}

std::string hex(llvm::ArrayRef<uint8_t> bytes)
{
    static const char digits[] = "0123456789abcdef";
    std::string s;
    for (uint8_t b : bytes) {
        s += digits[b >> 4];
        s += digits[b & 15];
    }
    return s;
}

namespace {

std::string temp_file(const char *prefix, const char *suffix)
{
    llvm::SmallString<128> path;
    llvm::sys::fs::createTemporaryFile(prefix, suffix, path);
    return path.str().str();
}

} // namespace

bool CudaBuild::start(const std::string &nvcc, const std::string &cu,
                      const std::vector<std::string> &flags)
{
    std::vector<std::string> args = {nvcc, "-fatbin", "-w"};
    std::string newest;
    for (const std::string &a : archs) {
        std::string num = a.substr(3);
        args.push_back("-gencode");
        args.push_back("arch=compute_" + num + ",code=sm_" + num);
        if (newest.empty() || std::stoi(num) > std::stoi(newest))
            newest = num;
    }
    args.push_back("-gencode");
    args.push_back("arch=compute_" + newest + ",code=compute_" + newest);
    args.insert(args.end(), flags.begin(), flags.end());

    llvm::SHA256 h;
    auto add = [&h](const std::string &t) {
        h.update(llvm::StringRef(t.data(), t.size() + 1));  // with the NUL between parts
    };
    add(file_identity(nvcc));
    for (const std::string &a : args)
        add(a);
    add(cu);
    auto digest = h.final();
    key_text = hex(llvm::ArrayRef<uint8_t>(digest.data(), 20));
    std::string dir = cuda_cache_dir();
    if (!dir.empty()) {
        if (!llvm::sys::fs::create_directories(dir)) {
            cached = dir + "/" + key_text + ".fatbin";
            if (llvm::sys::fs::exists(cached)) {
                image = cached;
                hit = finished = ok = true;
                return true;
            }
        } // a cache that cannot be made is no cache
    }
    cu_path = temp_file("cdvmh", "cu");
    log_path = temp_file("cdvmh", "log");
    out = cached.empty() ? temp_file("cdvmh", "fatbin")
                         : cached + ".tmp" + std::to_string(getpid());
    image = cached.empty() ? out : cached;
    std::ofstream(cu_path) << cu;
    args.push_back("-o");
    args.push_back(out);
    args.push_back(cu_path);
    std::vector<llvm::StringRef> argv(args.begin(), args.end());
    std::optional<llvm::StringRef> redirects[] = {std::nullopt, llvm::StringRef(log_path),
                                                  llvm::StringRef(log_path)};
    bool failed = false;
    process = llvm::sys::ExecuteNoWait(nvcc, argv, std::nullopt, redirects, 0, &why, &failed);
    if (failed || process.Pid == llvm::sys::ProcessInfo::InvalidPid) {
        error = "cannot run " + nvcc + (why.empty() ? "" : ": " + why);
        finished = true;
        return false;
    }
    running = true;
    return true;
}

bool CudaBuild::finish()
{
    if (finished)
        return ok;
    return ended(llvm::sys::Wait(process, std::nullopt, &why));
}

bool CudaBuild::poll()
{
    if (finished)
        return true;
    // waitpid itself: llvm::sys::Wait's non-blocking form sets a SIGALRM
    // handler, and this runs beside the compile, in a thread of its own
    int status = 0;
    pid_t pid;
    do
        pid = waitpid(process.Pid, &status, WNOHANG);
    while (pid < 0 && errno == EINTR);
    if (pid == 0)
        return false;  // still running
    llvm::sys::ProcessInfo done = process;
    if (pid < 0) {
        why = std::string("cannot wait for nvcc: ") + strerror(errno);
        done.ReturnCode = -1;
    } else if (WIFEXITED(status)) {
        done.ReturnCode = WEXITSTATUS(status);
    } else {
        why = std::string("nvcc ended by signal ") + std::to_string(WTERMSIG(status));
        done.ReturnCode = -2;
    }
    ended(done);
    return true;
}

bool CudaBuild::ended(const llvm::sys::ProcessInfo &done)
{
    finished = true;
    running = false;
    ok = done.ReturnCode == 0 && llvm::sys::fs::exists(out);
    if (!ok) {
        auto log = llvm::MemoryBuffer::getFile(log_path);
        error = (why.empty() ? "" : why + "\n") + (log ? (*log)->getBuffer().str() : "");
        return false;
    }
    if (!cached.empty()) {
        if (std::error_code e = llvm::sys::fs::rename(out, cached)) {
            error = "cannot write " + cached + ": " + e.message();
            ok = false;
            return false;
        }
        out.clear();
    }
    return true;
}

CudaBuild::~CudaBuild()
{
    if (running) {
        kill(process.Pid, SIGTERM);
        llvm::sys::Wait(process, std::nullopt);
    }
    for (const std::string *p : {&cu_path, &log_path, &out})
        if (!p->empty())
            llvm::sys::fs::remove(*p);
}
