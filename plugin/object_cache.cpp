// object_cache.cpp: see object_cache.h.
#include "object_cache.h"
#include "cuda_build.h"

#include <algorithm>
#include <clang/Basic/Version.h>
#include <clang/Lex/Preprocessor.h>
#include <dlfcn.h>
#include <llvm/Support/BLAKE3.h>
#include <llvm/Support/FileSystem.h>
#include <llvm/Support/MemoryBuffer.h>
#include <llvm/Support/Path.h>
#include <sys/stat.h>
#include <unistd.h>
#include <utility>
#include <vector>

using namespace clang;

namespace {

// Adds one part to a key: its size first, so that parts cannot run together.
void add(llvm::BLAKE3 &h, llvm::StringRef part)
{
    uint64_t n = part.size();
    h.update(llvm::ArrayRef<uint8_t>(reinterpret_cast<const uint8_t *>(&n), sizeof n));
    h.update(part);
}

// Counts the preprocessor's diagnostics and prints none.
class QuietDiagnostics : public DiagnosticConsumer {};

// Whether a text names the clock (__DATE__...) or embeds a file (#embed
// reads it without the source manager, so its content is not in the key):
// its object is not cached.
bool uncacheable_text(llvm::StringRef text)
{
    for (const char *clock : {"__DATE__", "__TIME__", "__TIMESTAMP__"})
        if (text.contains(clock))
            return true;
    for (size_t at = text.find("embed"); at != llvm::StringRef::npos; at = text.find("embed", at + 1)) {
        size_t k = at;
        while (k > 0 && (text[k - 1] == ' ' || text[k - 1] == '\t'))
            k--;
        if (k > 0 && text[k - 1] == '#')
            return true;
    }
    return false;
}

} // namespace

std::string preprocess_main_file(CompilerInstance &CI)
{
    Preprocessor &PP = CI.getPreprocessor();
    DiagnosticsEngine &D = CI.getDiagnostics();
    QuietDiagnostics quiet;
    std::unique_ptr<DiagnosticConsumer> owner = D.takeClient();
    DiagnosticConsumer *client = D.getClient();
    D.setClient(&quiet, false);
    // pragmas other than the preprocessor's own are the parser's business
    PP.IgnorePragmas();
    PP.EnterMainSourceFile();
    Token tok;
    do
        PP.Lex(tok);
    while (tok.isNot(tok::eof));
    D.setClient(client, owner != nullptr);
    owner.release();
    if (quiet.getNumErrors() || quiet.getNumWarnings()) {
        // the compile that follows reports them; until then nothing failed
        D.Reset(true);
        return "";
    }

    SourceManager &SM = CI.getSourceManager();
    std::vector<std::pair<std::string, llvm::StringRef>> files;
    for (auto it = SM.fileinfo_begin(); it != SM.fileinfo_end(); ++it)
        if (std::optional<llvm::StringRef> text = it->second->getBufferDataIfLoaded())
            files.emplace_back(it->first.getName().str(), *text);
    std::sort(files.begin(), files.end());
    llvm::BLAKE3 h;
    // the main file's text too, in case it is no file (standard input)
    llvm::StringRef main_text = SM.getBufferData(SM.getMainFileID());
    if (uncacheable_text(main_text))
        return "";
    add(h, main_text);
    for (const auto &[name, text] : files) {
        if (uncacheable_text(text))
            return "";
        add(h, name);
        add(h, text);
    }
    auto digest = h.final();
    return hex(digest);
}

bool object_only_compile(CompilerInstance &CI)
{
    const std::string &out = CI.getFrontendOpts().OutputFile;
    if (out.empty() || out == "-")
        return false;
    // an object is renamed into place: not over /dev/null or a pipe
    llvm::sys::fs::file_status st;
    if (!llvm::sys::fs::status(out, st) && st.type() != llvm::sys::fs::file_type::regular_file)
        return false;
    for (const std::string &a : CI.getInvocation().getCC1CommandLine()) {
        // remarks, statistics and reports, and files besides the object
        static const char *const others[] = {"-R", "-print-stats", "-stats-file", "-ftime-report",
                                             "-ftime-trace", "-opt-record-file", "-split-dwarf",
                                             "-stack-usage-file", "-coverage-notes-file",
                                             "-header-include-file", "-fmodules", "-emit-module",
                                             "-fmodule-file", "-save-temps", "-verify",
                                             "-include-pch"};
        for (const char *o : others)
            if (llvm::StringRef(a).starts_with(o))
                return false;
        if (a == "-v")
            return false;
    }
    return true;
}

std::string object_cache_entry(CompilerInstance &CI, const std::string &files,
                               const std::string &nvcc, const std::string &runtime_dir)
{
    std::string dir = cuda_cache_dir();
    if (dir.empty() || files.empty())
        return "";
    llvm::BLAKE3 h;
    add(h, "cdvmh object 1");
    add(h, getClangFullVersion());
    llvm::SmallString<256> exe;
    if (!llvm::sys::fs::real_path("/proc/self/exe", exe))
        add(h, file_identity(exe.str().str()));
    Dl_info info;
    if (dladdr(reinterpret_cast<void *>(&object_cache_entry), &info) && info.dli_fname)
        add(h, file_identity(info.dli_fname));
    add(h, nvcc.empty() ? "" : file_identity(nvcc));
    std::error_code ec;
    std::vector<std::string> headers;
    for (llvm::sys::fs::directory_iterator it(runtime_dir, ec), end; it != end && !ec; it.increment(ec))
        headers.push_back(it->path());
    std::sort(headers.begin(), headers.end());
    for (const std::string &header : headers) {
        add(h, header);
        if (auto text = llvm::MemoryBuffer::getFile(header))
            add(h, (*text)->getBuffer());
    }
    std::vector<std::string> args = CI.getInvocation().getCC1CommandLine();
    for (size_t k = 0; k < args.size(); k++) {
        // the same object wherever it goes, with a dependency file or not
        // (the preprocessor's pass writes that)
        const std::string &a = args[k];
        if (a == "-o" || a == "-dependency-file" || a == "-MT" || a == "-MQ") {
            k++;
            continue;
        }
        if (a == "-sys-header-deps" || a == "-MP" || a == "-MV" || a == "-canonical-system-headers")
            continue;
        add(h, a);
    }
    add(h, files);
    auto digest = h.final();
    dir += "/obj";
    if (llvm::sys::fs::create_directories(dir))
        return "";  // a cache that cannot be made is no cache
    return dir + "/" + hex(llvm::ArrayRef<uint8_t>(digest.data(), 20)) + ".o";
}

bool object_cache_fetch(const std::string &entry, const std::string &output)
{
    if (!llvm::sys::fs::exists(entry))
        return false;
    cache_touch(entry);  // used now: evicted last
    std::string aside = output + ".cdvmh" + std::to_string(getpid());
    if (llvm::sys::fs::copy_file(entry, aside))
        return llvm::sys::fs::remove(aside), false;
    if (llvm::sys::fs::rename(aside, output))
        return llvm::sys::fs::remove(aside), false;
    return true;
}

void object_cache_store(const std::string &output, const std::string &entry)
{
    std::string aside = entry + ".tmp" + std::to_string(getpid());
    if (llvm::sys::fs::copy_file(output, aside) || llvm::sys::fs::rename(aside, entry)) {
        llvm::sys::fs::remove(aside);
        return;
    }
    // the folder of the objects is in the cache's folder
    cache_trim(llvm::sys::path::parent_path(llvm::sys::path::parent_path(entry)).str());
}
