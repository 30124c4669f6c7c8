// cuda_build.cpp: see cuda_build.h.
#include "cuda_build.h"

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <fcntl.h>
#include <fstream>
#include <llvm/Support/FileSystem.h>
#include <llvm/Support/MemoryBuffer.h>
#include <llvm/Support/Path.h>
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

long long cache_size_limit()
{
    const char *env = getenv("CDVMH_CACHE_SIZE");
    if (!env)
        return 1LL << 30;
    char *end = nullptr;
    errno = 0;
    double n = strtod(env, &end);
    if (end == env || errno || !(n >= 0) || n > 1e18)
        return -1;
    double unit = 1;
    if (*end == 'K' || *end == 'k')
        unit = 1024.0, end++;
    else if (*end == 'M' || *end == 'm')
        unit = 1024.0 * 1024, end++;
    else if (*end == 'G' || *end == 'g')
        unit = 1024.0 * 1024 * 1024, end++;
    if (*end && (*end == 'B' || *end == 'b') && unit > 1)
        end++;  // 500MB
    if (*end || n * unit > 1e18)
        return -1;
    return static_cast<long long>(n * unit);
}

void cache_touch(const std::string &path)
{
    utimensat(AT_FDCWD, path.c_str(), nullptr, 0);
}

namespace {

struct CacheFile {
    std::string path;
    long long size;
    struct timespec used;
};

// The cache's files in dir whose names end with suffix (their sizes and
// times); leftovers (*.tmp*) an hour old are removed on the way.
void cache_files(const std::string &dir, const char *suffix, time_t now,
                 std::vector<CacheFile> &files)
{
    std::error_code e;
    for (llvm::sys::fs::directory_iterator it(dir, e), end; !e && it != end; it.increment(e)) {
        const std::string &path = it->path();
        llvm::StringRef name = llvm::sys::path::filename(path);
        struct stat st;
        if (stat(path.c_str(), &st) != 0 || !S_ISREG(st.st_mode))
            continue;
        if (name.contains(".tmp")) {
            if (now - st.st_mtim.tv_sec > 3600)
                unlink(path.c_str());
            continue;
        }
        if (name.ends_with(suffix))
            files.push_back({path, static_cast<long long>(st.st_size), st.st_mtim});
    }
}

} // namespace

void cache_trim(const std::string &dir)
{
    long long limit = cache_size_limit();
    if (limit <= 0 || dir.empty())
        return;  // no limit (a bad value was reported before)
    time_t now = time(nullptr);
    std::string stamp = dir + "/trimmed";
    struct stat st;
    if (stat(stamp.c_str(), &st) == 0 && now - st.st_mtim.tv_sec < 60 && st.st_mtim.tv_sec <= now)
        return;
    if (FILE *f = fopen(stamp.c_str(), "w"))
        fclose(f);
    cache_touch(stamp);
    std::vector<CacheFile> files;
    cache_files(dir, ".fatbin", now, files);
    cache_files(dir + "/obj", ".o", now, files);
    long long total = 0;
    for (const CacheFile &f : files)
        total += f.size;
    if (total <= limit)
        return;
    std::sort(files.begin(), files.end(), [](const CacheFile &a, const CacheFile &b) {
        return a.used.tv_sec != b.used.tv_sec ? a.used.tv_sec < b.used.tv_sec
                                              : a.used.tv_nsec < b.used.tv_nsec;
    });
    long long goal = limit / 10 * 9;
    for (const CacheFile &f : files) {
        if (total <= goal || now - f.used.tv_sec < 600)
            break;
        if (unlink(f.path.c_str()) == 0)
            total -= f.size;
    }
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

std::vector<std::string> CudaBuild::arguments(const std::string &nvcc,
                                              const std::vector<std::string> &flags) const
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
    return args;
}

llvm::sys::ProcessInfo CudaBuild::spawn(const std::string &nvcc, std::vector<std::string> args,
                                        const std::string &input, const std::string &output,
                                        const std::string &log)
{
    args.push_back("-o");
    args.push_back(output);
    args.push_back(input);
    std::vector<llvm::StringRef> argv(args.begin(), args.end());
    std::optional<llvm::StringRef> redirects[] = {std::nullopt, llvm::StringRef(log),
                                                  llvm::StringRef(log)};
    bool failed = false;
    why.clear();
    llvm::sys::ProcessInfo p = llvm::sys::ExecuteNoWait(nvcc, argv, std::nullopt, redirects, 0,
                                                        &why, &failed);
    if (failed || p.Pid == llvm::sys::ProcessInfo::InvalidPid) {
        error = "cannot run " + nvcc + (why.empty() ? "" : ": " + why);
        p.Pid = llvm::sys::ProcessInfo::InvalidPid;
    }
    return p;
}

// What ends the CUDA file that the early nvcc reads through its pipe: the
// stub refuses a file without it (the compile stopped before giving it, or
// gave it up), so that nvcc then ends at once, and by itself (its own
// temporary files removed).
static const char early_end[] = "\n#define DVMH_CUDA_FILE_END 1\n";

void CudaBuild::start_early(const std::string &nvcc, const std::vector<std::string> &flags)
{
    int fds[2];
    if (pipe2(fds, O_CLOEXEC) != 0)
        return;
    // a system without /dev/fd (some sandboxes): nvcc could not read the
    // pipe, and would fail, and run again on a file; not started early then
    if (access(("/dev/fd/" + std::to_string(fds[0])).c_str(), R_OK) != 0) {
        close(fds[0]);
        close(fds[1]);
        return;
    }
    // the CUDA file fits the pipe: start() writes it whole and closes it
    int size = fcntl(fds[1], F_SETPIPE_SZ, 1 << 20);
    early_room = size > 0 ? static_cast<size_t>(size) : 65536;
    // nvcc and the preprocessor it runs inherit the reading end; the stub
    // includes it after the headers that nvcc puts first
    if (fcntl(fds[0], F_SETFD, 0) != 0) {
        close(fds[0]);
        close(fds[1]);
        return;
    }
    early_args = arguments(nvcc, flags);
    stub_path = temp_file("cdvmh", "cu");
    std::ofstream(stub_path) << "#include \"/dev/fd/" << fds[0] << "\"\n"
                             << "#ifndef DVMH_CUDA_FILE_END\n"
                             << "#error \"the CUDA file did not arrive (the compile stopped)\"\n"
                             << "#endif\n";
    std::string dir = cuda_cache_dir();
    // in the cache's folder, so that the image moves there by a rename
    early_out = !dir.empty() && !llvm::sys::fs::create_directories(dir)
                    ? dir + "/early.tmp" + std::to_string(getpid())
                    : temp_file("cdvmh", "fatbin");
    early_log = temp_file("cdvmh", "log");
    early_process = spawn(nvcc, early_args, stub_path, early_out, early_log);
    // kept here, not inherited again: with a reader here, writing to the
    // pipe never raises SIGPIPE, whatever became of nvcc
    fcntl(fds[0], F_SETFD, FD_CLOEXEC);
    if (early_process.Pid == llvm::sys::ProcessInfo::InvalidPid) {
        close(fds[0]);
        close(fds[1]);
        error.clear();
        return;
    }
    early_fd = fds[1];
    early_read = fds[0];
    early_waiting = true;
}

void CudaBuild::stop_early()
{
    if (early_fd < 0)
        return;
    // no end mark: the preprocessor refuses the file (reaped at the end)
    close(early_fd);
    close(early_read);
    early_fd = early_read = -1;
}

// Writes all of text to fd, a pipe that can hold it.
static bool write_all(int fd, const std::string &text)
{
    size_t done = 0;
    while (done < text.size()) {
        ssize_t n = write(fd, text.data() + done, text.size() - done);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            return false;
        done += static_cast<size_t>(n);
    }
    return true;
}

bool CudaBuild::start(const std::string &nvcc, const std::string &cu,
                      const std::vector<std::string> &flags)
{
    std::vector<std::string> args = arguments(nvcc, flags);
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
                stop_early();
                cache_touch(cached);
                image = cached;
                hit = finished = ok = true;
                return true;
            }
        } // a cache that cannot be made is no cache
    }
    std::string text = cu + early_end;
    if (early_fd >= 0 && args == early_args && text.size() <= early_room &&
        write_all(early_fd, text)) {
        // the early nvcc has its file, whole, then the pipe's end (nvcc
        // holds the reading end it inherited)
        stop_early();
        early_waiting = false;
        process = early_process;
        out = early_out;
        log_path = early_log;
        early_out.clear();
        early_log.clear();
        running = true;
        image = cached.empty() ? out : cached;
        early_used = true;
        retry_nvcc = nvcc;
        retry_args = args;
        retry_cu = cu;
        return true;
    }
    stop_early();
    cu_path = temp_file("cdvmh", "cu");
    out = cached.empty() ? temp_file("cdvmh", "fatbin")
                         : cached + ".tmp" + std::to_string(getpid());
    log_path = temp_file("cdvmh", "log");
    image = cached.empty() ? out : cached;
    std::ofstream(cu_path) << cu;
    process = spawn(nvcc, args, cu_path, out, log_path);
    if (process.Pid == llvm::sys::ProcessInfo::InvalidPid) {
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
    for (;;) {
        llvm::sys::ProcessInfo done = llvm::sys::Wait(process, std::nullopt, &why);
        if (!retry_on_file(done))
            return ended(done);
    }
}

bool CudaBuild::retry_on_file(const llvm::sys::ProcessInfo &done)
{
    if (!early_used || retried || (done.ReturnCode == 0 && llvm::sys::fs::exists(out)))
        return false;
    // the early nvcc failed: perhaps it never read its file through the
    // pipe (a wrapper that closes descriptors, or reads its input twice);
    // once more on a file (its errors, if any, are then nvcc's own)
    retried = true;
    llvm::sys::fs::remove(out);
    llvm::sys::fs::remove(log_path);
    cu_path = temp_file("cdvmh", "cu");
    out = cached.empty() ? temp_file("cdvmh", "fatbin")
                         : cached + ".tmp" + std::to_string(getpid());
    log_path = temp_file("cdvmh", "log");
    image = cached.empty() ? out : cached;
    std::ofstream(cu_path) << retry_cu;
    retry_cu.clear();
    process = spawn(retry_nvcc, retry_args, cu_path, out, log_path);
    if (process.Pid == llvm::sys::ProcessInfo::InvalidPid) {
        running = false;
        return false;  // ended() reports it: the log is empty, why says
    }
    return true;
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
    if (retry_on_file(done))
        return false;
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
        cache_trim(llvm::sys::path::parent_path(cached).str());
    }
    return true;
}

CudaBuild::~CudaBuild()
{
    stop_early();
    // the early nvcc without its file ends on its own, refusing it: not
    // waited for (reaped now if it has ended, else when this process ends)
    if (early_waiting)
        waitpid(early_process.Pid, nullptr, WNOHANG);
    if (running) {
        kill(process.Pid, SIGTERM);
        llvm::sys::Wait(process, std::nullopt);
    }
    for (const std::string *p : {&cu_path, &log_path, &out, &stub_path, &early_out, &early_log})
        if (!p->empty())
            llvm::sys::fs::remove(*p);
}
