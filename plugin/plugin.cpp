// plugin.cpp: the clang plugin: registers the `dvm` pragma, rewrites the
// main file with the C-DVMH rewriter, reports its diagnostics through
// clang, and compiles the generated C in place of the file.
#include "cdvmh.h"
#include "cuda_build.h"
#include "late_image.h"
#include "object_cache.h"

#include <clang/Basic/DiagnosticOptions.h>
#include <clang/Basic/LangStandard.h>
#include <clang/Frontend/CompilerInstance.h>
#include <clang/Frontend/FrontendPluginRegistry.h>
#include <clang/FrontendTool/Utils.h>
#include <clang/Lex/Pragma.h>
#include <clang/Lex/Preprocessor.h>
#include <clang/Lex/PreprocessorOptions.h>
#include <dlfcn.h>
#include <fstream>
#include <functional>
#include <llvm/Support/FileSystem.h>
#include <llvm/Support/MemoryBuffer.h>
#include <llvm/Support/Path.h>
#include <llvm/Support/Program.h>
#include <llvm/Support/raw_ostream.h>
#include <string>
#include <sys/stat.h>
#include <unistd.h>
#include <vector>

using namespace clang;

namespace {

// The nested compile must not pick this plugin again.
bool nested_compile = false;

class DvmPragmaHandler : public PragmaHandler {
public:
    DvmPragmaHandler() : PragmaHandler("dvm") {}
    void HandlePragma(Preprocessor &PP, PragmaIntroducer, Token &tok) override
    {
        while (tok.isNot(tok::eod))
            PP.LexUnexpandedToken(tok);
    }
};

bool file_exists(const std::string &path)
{
    struct stat st;
    return stat(path.c_str(), &st) == 0;
}

// Where dvmh.h is: next to an installed plugin, else in the source tree.
std::string runtime_include_dir()
{
    Dl_info info;
    if (dladdr(reinterpret_cast<void *>(&runtime_include_dir), &info) && info.dli_fname) {
        std::string so = info.dli_fname;
        std::string dir = so.substr(0, so.rfind('/'));
        /* <prefix>/lib/cdvmh or <prefix>/lib/<multiarch>/cdvmh */
        for (const char *up : {"/../../include/cdvmh", "/../../../include/cdvmh"}) {
            std::string installed = dir + up;
            if (file_exists(installed + "/dvmh.h"))
                return installed;
        }
    }
    return CDVMH_SOURCE_INCLUDE_DIR;
}

// A plugin that replaces the main action makes clang forget which action
// the command asked for; it is read back from the command line (the
// driver's, or cc1's when clang runs it as a separate process).
frontend::ActionKind requested_action()
{
    std::ifstream in("/proc/self/cmdline", std::ios::binary);
    std::string arg;
    bool syntax = false, pre = false, S = false, c = false, llvm = false, bc = false;
    while (std::getline(in, arg, '\0')) {
        syntax |= arg == "-fsyntax-only";
        pre |= arg == "-E";
        S |= arg == "-S";
        c |= arg == "-c" || arg == "-emit-obj";
        llvm |= arg == "-emit-llvm";
        bc |= arg == "-emit-llvm-bc";
    }
    if (syntax)
        return frontend::ParseSyntaxOnly;
    if (pre)
        return frontend::PrintPreprocessedInput;
    if (bc || (llvm && c && !S))
        return frontend::EmitBC;
    if (llvm)
        return frontend::EmitLLVM;
    if (S)
        return frontend::EmitAssembly;
    return frontend::EmitObj;
}

// nvcc: $CDVMH_NVCC, the one meson found, else from PATH or CUDA's usual
// place; empty when there is none.
std::string find_nvcc()
{
    if (const char *env = getenv("CDVMH_NVCC"))
        return env;
    for (const char *p : {CDVMH_NVCC, "/usr/local/cuda/bin/nvcc"})
        if (*p && file_exists(p))
            return p;
    if (auto found = llvm::sys::findProgramByName("nvcc"))
        return *found;
    return "";
}

// The name of the file's dvmh_cuda_module (the rewriter declares it in the
// host code and leaves its definition to the end of the file).
std::string cuda_module_name(const std::string &host)
{
    const std::string decl = "static dvmh_cuda_module ";
    size_t at = host.find(decl);
    if (at == std::string::npos)
        return "";
    size_t begin = at + decl.size(), end = begin;
    while (end < host.size() && (isalnum(static_cast<unsigned char>(host[end])) || host[end] == '_'))
        end++;
    return end < host.size() && host[end] == ';' ? host.substr(begin, end - begin) : "";
}

// Text for a C string literal or an assembler string.
std::string quoted(const std::string &s)
{
    std::string q = "\"";
    for (char c : s) {
        if (c == '\n') {
            q += "\\n";
            continue;
        }
        if (c == '"' || c == '\\')
            q += '\\';
        q += c;
    }
    return q + "\"";
}

// The assembler text that defines the image's symbol with the bytes of
// the file at path (a cached image, or LateImage's pipe, which gets nvcc's
// image once it is built while the host code compiles), followed by a 0
// byte: with no bytes (nvcc failed) that byte is the image, where fat
// binaries, cubins and PTX all start otherwise, so that the runtime gives
// the file's loops no CUDA handlers (dvmh_cuda_linkable). The symbol is
// named after the image's content: weak, so that objects with the same
// image share one copy, and hidden.
std::string cuda_incbin_asm(const std::string &path, const std::string &key)
{
    std::string image = "dvmh_cuda_image_" + key;
    return ".pushsection .rodata.dvmh_cuda,\"a\",@progbits\n.p2align 4\n"
           ".weak " + image + "\n.hidden " + image + "\n" + image + ":\n" +
           ".incbin " + quoted(path) + "\n.byte 0\n.popsection\n";
}

// The definition of module m with the image cuda_incbin_asm defines.
std::string cuda_incbin_embed(const std::string &m, const std::string &source, const std::string &key)
{
    std::string image = "dvmh_cuda_image_" + key;
    return "\n#ifdef DVMH_CUDA_HANDLERS\n"
           "extern const unsigned char " + image + "[] __attribute__((visibility(\"hidden\")));\n"
           "static dvmh_cuda_module " + m + " = {.image = " + image + ", .file = " + quoted(source) + "};\n"
           "#endif\n";
}

bool valid_arch(const std::string &a)
{
    if (a.size() < 5 || a.compare(0, 3, "sm_") || !isdigit(static_cast<unsigned char>(a[3])))
        return false;
    for (size_t k = 3; k < a.size(); k++)
        if (!isdigit(static_cast<unsigned char>(a[k])))
            return false;
    return true;
}

class DvmAction : public PluginASTAction {
    bool remarks = false;
    bool cuda = true;
    bool check = false;
    std::string keep;
    std::vector<std::string> cuda_archs{"sm_90"};

protected:
    std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &, llvm::StringRef) override
    {
        return std::make_unique<ASTConsumer>();
    }

    bool ParseArgs(const CompilerInstance &CI, const std::vector<std::string> &args) override
    {
        if (nested_compile)
            return false;
        for (const std::string &a : args) {
            if (a == "remarks") {
                remarks = true;
            } else if (a.rfind("keep=", 0) == 0) {
                keep = a.substr(5);
            } else if (a.rfind("cuda-arch=", 0) == 0) {
                std::vector<std::string> archs;
                std::string list = a.substr(10);
                for (size_t pos = 0; pos <= list.size();) {
                    size_t comma = list.find(',', pos);
                    if (comma == std::string::npos)
                        comma = list.size();
                    archs.push_back(list.substr(pos, comma - pos));
                    pos = comma + 1;
                }
                for (const std::string &arch : archs)
                    if (!valid_arch(arch)) {
                        DiagnosticsEngine &D = CI.getDiagnostics();
                        D.Report(D.getCustomDiagID(DiagnosticsEngine::Error,
                                                   "cdvmh plugin: cuda-arch: '%0' is not a GPU "
                                                   "architecture such as sm_90"))
                            << arch;
                        return false;
                    }
                cuda_archs = archs;
            } else if (a == "no-cuda") {
                cuda = false;
            } else if (a == "check") {
                check = true;
            } else if (a == "help") {
                llvm::errs() << "cdvmh plugin arguments (-Xclang -plugin-arg-cdvmh -Xclang ARG):\n"
                                "  remarks      report what was generated for each parallel loop\n"
                                "                (also -Rpass=dvmh)\n"
                                "  keep=FILE    write the generated C to FILE (a folder: to a file of\n"
                                "               the source's name there)\n"
                                "  cuda-arch=sm_80,sm_90\n"
                                "               GPUs to build CUDA handlers for (default sm_90;\n"
                                "               PTX of the newest is embedded too)\n"
                                "  no-cuda      host handlers only (also when nvcc is not found)\n"
                                "  check        check mode (dvmcc -fdvmh-check): instrumented host\n"
                                "               handlers, no CUDA handlers\n"
                                "  help         this text\n";
            } else {
                DiagnosticsEngine &D = CI.getDiagnostics();
                D.Report(D.getCustomDiagID(DiagnosticsEngine::Error,
                                           "cdvmh plugin: unknown argument '%0' (try 'help')"))
                    << a;
                return false;
            }
        }
        const auto &pattern = CI.getCodeGenOpts().OptimizationRemark;
        if (pattern.patternMatches("dvmh"))
            remarks = true;
        return true;
    }

    ActionType getActionType() override { return ReplaceAction; }

    std::vector<std::string> parser_args(CompilerInstance &CI)
    {
        std::vector<std::string> args;
        for (const auto &e : CI.getHeaderSearchOpts().UserEntries) {
            if (e.Group == frontend::System || e.Group == frontend::ExternCSystem)
                args.push_back("-isystem" + e.Path);
            else if (e.Group == frontend::Quoted)
                args.push_back("-iquote" + e.Path);
            else
                args.push_back("-I" + e.Path);
        }
        for (const auto &m : CI.getPreprocessorOpts().Macros)
            args.push_back((m.second ? "-U" : "-D") + m.first);
        for (const auto &inc : CI.getPreprocessorOpts().Includes) {
            args.push_back("-include");
            args.push_back(inc);
        }
        const LangStandard &std = LangStandard::getLangStandardForKind(CI.getLangOpts().LangStd);
        if (CI.getLangOpts().LangStd != LangStandard::lang_unspecified)
            args.push_back(std::string("-std=") + std.getName());
        if (CI.getLangOpts().OpenMP)
            args.push_back("-fopenmp");
        return args;
    }

    void report(CompilerInstance &CI, const cdvmh_diag &d)
    {
        DiagnosticsEngine &D = CI.getDiagnostics();
        SourceManager &SM = CI.getSourceManager();
        DiagnosticsEngine::Level level = d.severity == CDVMH_ERROR     ? DiagnosticsEngine::Error
                                         : d.severity == CDVMH_WARNING ? DiagnosticsEngine::Warning
                                         : d.severity == CDVMH_NOTE    ? DiagnosticsEngine::Note
                                                                       : DiagnosticsEngine::Remark;
        SourceLocation loc;
        if (auto fe = CI.getFileManager().getOptionalFileRef(d.file)) {
            FileID fid = SM.translateFile(*fe);
            if (fid.isInvalid())
                fid = SM.getOrCreateFileID(*fe, SrcMgr::C_User);
            loc = SM.translateLineCol(fid, d.line, d.column);
        }
        D.Report(loc, D.getCustomDiagID(level, "%0")) << d.message;
    }

    // nvcc's options for the CUDA handlers of file (rdc: relocatable
    // device code, which calls or defines functions that the runtime links
    // across the program's files).
    std::vector<std::string> cuda_flags(CompilerInstance &CI, const std::string &file,
                                        const std::vector<std::string> &args, bool rdc)
    {
        std::vector<std::string> flags;
        if (rdc)
            flags.push_back("-rdc=true");
        // -ffp-contract=off: no a * b + c fused on the GPU either (nvcc
        // fuses by default, as clang does where the target has FMA)
        if (CI.getLangOpts().getDefaultFPContractMode() == LangOptions::FPM_Off)
            flags.push_back("--fmad=false");
        for (const std::string &a : args)
            // not -isystem: clang's own headers are among them
            if (a.rfind("-I", 0) == 0 || a.rfind("-iquote", 0) == 0 || a.rfind("-D", 0) == 0 ||
                a.rfind("-U", 0) == 0)
                flags.push_back(a.rfind("-iquote", 0) == 0 ? "-I" + a.substr(7) : a);
        llvm::SmallString<256> dir(file);
        llvm::sys::path::remove_filename(dir);
        flags.push_back("-I" + (dir.empty() ? std::string(".") : dir.str().str()));
        return flags;
    }

    // Whether file may have CUDA handlers (loops in a region): nvcc then
    // starts before the rewrite (CudaBuild::start_early).
    static bool may_have_handlers(const std::string &file)
    {
        auto text = llvm::MemoryBuffer::getFile(file);
        return text && (*text)->getBuffer().contains("region");
    }

    // The program still builds and runs right, on the host: a file's CUDA
    // is C++ made of C, and C that C++ refuses (a variable named 'new', an
    // int converted to an enum) must not stop the build.
    bool cuda_failed(CompilerInstance &CI, CudaBuild &build, const std::string &file)
    {
        DiagnosticsEngine &D = CI.getDiagnostics();
        D.Report(D.getCustomDiagID(DiagnosticsEngine::Warning,
                                   "nvcc failed on the CUDA handlers of '%0': its parallel loops "
                                   "run on the host only (--no-cuda builds without them and "
                                   "silences this):\n%1"))
            << file << build.error;
        return false;
    }

    // How the device image reaches the object (embed_device_code).
    struct DeviceImage {
        bool with_cuda = false;     // DVMH_CUDA_HANDLERS: the file has an image
        bool overlap = false;       // .incbin in the pass that LateImage adds
        bool piped = false;         // ... through LateImage's pipe while nvcc runs
    };

    // The object cache: checks CDVMH_CACHE_SIZE, runs the preprocessor's
    // pass over the file (it gives -MD its headers and the cache its key;
    // none without a cache), and copies a cached object. true: the compile
    // is over (an error, or the object came from the cache).
    bool object_cache_phase(CompilerInstance &CI, frontend::ActionKind action_kind,
                            const std::string &nvcc, std::string &entry)
    {
        if (!cuda_cache_dir().empty() && cache_size_limit() < 0) {
            DiagnosticsEngine &D = CI.getDiagnostics();
            D.Report(D.getCustomDiagID(DiagnosticsEngine::Error,
                                       "CDVMH_CACHE_SIZE='%0' is not a size (a number with K, M or "
                                       "G, such as 500M; 0: no limit)"))
                << getenv("CDVMH_CACHE_SIZE");
            return true;
        }
        bool deps = !CI.getDependencyOutputOpts().OutputFile.empty();
        bool cacheable = action_kind == frontend::EmitObj && keep.empty() && !remarks &&
                         !cuda_cache_dir().empty() && object_only_compile(CI);
        if (cacheable || deps) {
            std::string files = preprocess_main_file(CI);
            if (cacheable)
                entry = object_cache_entry(CI, files, nvcc, runtime_include_dir());
        }
        if (getenv("CDVMH_PLUGIN_DEBUG") && action_kind == frontend::EmitObj)
            llvm::errs() << "cdvmh: object cache entry '" << entry << "'\n";
        return !entry.empty() && object_cache_fetch(entry, CI.getFrontendOpts().OutputFile);
    }

    // The CUDA file of the rewrite: nvcc builds it, and the image goes into
    // text or, for an object, reaches the assembler (.incbin) through a pipe
    // while nvcc runs beside the host compile, or from its file (cached, or
    // no pipe could be made: nvcc waited for now). Other outputs (-S,
    // -emit-llvm), relocatable images (their size matters to the device
    // link) and files with device versions only (nvcc failing on them is a
    // warning) wait for nvcc and get the image's bytes in the text.
    DeviceImage embed_device_code(CompilerInstance &CI, const std::string &file,
                                  const std::vector<std::string> &args,
                                  frontend::ActionKind action_kind, const std::string &nvcc,
                                  const cdvmh_output &out, std::string &text, CudaBuild &build,
                                  LateImage &late)
    {
        DeviceImage img;
        bool rdc = out.cuda_needs != nullptr;
        img.overlap = action_kind == frontend::EmitObj && !rdc && out.cuda_kernels &&
                      !cuda_module_name(text).empty();
        bool started = build.start(nvcc, out.cuda, cuda_flags(CI, file, args, rdc));
        if (started && !build.cache_hit() && getenv("CDVMH_PLUGIN_DEBUG"))
            llvm::errs() << "cdvmh: nvcc reads the CUDA file "
                         << (build.used_early() ? "through a pipe" : "from a file") << "\n";
        img.piped = started && img.overlap && !build.cache_hit() && late.open();
        bool compiled = started && (img.piped || build.finish());
        if (!compiled && !out.cuda_kernels) {
            // only device versions for other files: those files' loops
            // then find no device code to link and run on the host
            DiagnosticsEngine &D = CI.getDiagnostics();
            D.Report(D.getCustomDiagID(DiagnosticsEngine::Warning,
                                       "nvcc failed on the device versions of the functions of "
                                       "'%0': the parallel loops of other files that call them "
                                       "run on the host:\n%1"))
                << file << build.error;
        } else if (!compiled) {
            cuda_failed(CI, build, file);
            img.overlap = false;
        }
        if (img.overlap && getenv("CDVMH_PLUGIN_DEBUG"))
            llvm::errs() << "cdvmh: the assembler reads the device image "
                         << (img.piped ? "through a pipe" : "from its file") << "\n";
        if (img.overlap) {
            text += cuda_incbin_embed(cuda_module_name(text), file, build.key());
        } else if (compiled) {
            auto image = llvm::MemoryBuffer::getFile(build.image_path());
            llvm::StringRef bytes = image ? (*image)->getBuffer() : "";
            char *embed = cdvmh_cuda_embed(file.c_str(), bytes.data(), bytes.size(),
                                           out.cuda_needs, out.cuda_gives);
            text += embed;
            free(embed);
        }
        img.with_cuda = compiled;
        return img;
    }

    // The rewritten text compiled by a nested compiler instance with this
    // compile's options (and its diagnostics); then nvcc's late failure,
    // the image's pass, the object cache and the compile's own failure.
    void compile_rewritten(CompilerInstance &CI, const std::string &file, const std::string &text,
                           const DeviceImage &img, CudaBuild &build, LateImage &late,
                           const std::string &entry, unsigned diagnostics)
    {
        auto inv = std::make_shared<CompilerInvocation>(CI.getInvocation());
        inv->getPreprocessorOpts().addRemappedFile(
            file, llvm::MemoryBuffer::getMemBufferCopy(text, file).release());
        inv->getPreprocessorOpts().addMacroDef("_DVMH=1");
        if (img.with_cuda)
            inv->getPreprocessorOpts().addMacroDef("DVMH_CUDA_HANDLERS=1");
        inv->getFrontendOpts().ProgramAction = requested_action();
        inv->getFrontendOpts().ActionName.clear();
        inv->getHeaderSearchOpts().AddPath(runtime_include_dir(), frontend::Angled, false, true);
        CompilerInstance nested(CI.getPCHContainerOperations());
        if (img.overlap) {
            late.add_pass(inv->getCodeGenOpts(),
                          cuda_incbin_asm(img.piped ? late.path() : build.image_path(), build.key()));
            if (img.piped)
                late.start(build);
        }
        // the shared client's counts are printed once, by this compile
        // ("1 warning generated."): not by the nested one too
        inv->getDiagnosticOpts().ShowCarets = false;
        nested.setInvocation(inv);
        nested.createDiagnostics(CI.getDiagnostics().getClient(), false);
        nested_compile = true;
        std::unique_ptr<FrontendAction> action = CreateFrontendAction(nested);
        if (getenv("CDVMH_PLUGIN_DEBUG"))
            llvm::errs() << "cdvmh: nested action " << (action ? "made" : "none") << " program action "
                         << static_cast<int>(nested.getFrontendOpts().ProgramAction) << "\n";
        bool ok = action && nested.ExecuteAction(*action);
        nested_compile = false;
        // nvcc failing is a warning once it is known (an error before it
        // ended: nvcc is stopped, its result does not matter)
        if (img.piped && late.stop() && !build.finish())
            cuda_failed(CI, build, file);
        bool nested_errors = nested.getDiagnostics().hasErrorOccurred();
        DiagnosticsEngine &D = CI.getDiagnostics();
        if (ok && img.overlap && !late.pass_ran() && !nested_errors)
            D.Report(D.getCustomDiagID(DiagnosticsEngine::Error,
                                       "the CUDA image of '%0' was not embedded (the optimization "
                                       "pipeline did not run)"))
                << file;
        DiagnosticConsumer *client = D.getClient();
        if (ok && !entry.empty() && !nested_errors &&
            client->getNumWarnings() + client->getNumErrors() == diagnostics)
            object_cache_store(CI.getFrontendOpts().OutputFile, entry);
        if (!ok || nested_errors) // the nested compile printed its errors; this one fails too
            D.Report(D.getCustomDiagID(DiagnosticsEngine::Error,
                                       "compilation of '%0' as C-DVMH failed"))
                << file;
    }

    void ExecuteAction() override
    {
        CompilerInstance &CI = getCompilerInstance();
        std::string file = getCurrentFile().str();
        std::vector<std::string> args = parser_args(CI);
        args.push_back("-I" + runtime_include_dir());
        std::vector<const char *> argv;
        for (const std::string &a : args)
            argv.push_back(a.c_str());
        // -fsyntax-only and -E produce no object: no device image either
        frontend::ActionKind action_kind = requested_action();
        bool wants_object = action_kind != frontend::ParseSyntaxOnly &&
                            action_kind != frontend::PrintPreprocessedInput;
        std::string nvcc = cuda && !check && wants_object ? find_nvcc() : "";
        std::string entry;
        if (object_cache_phase(CI, action_kind, nvcc, entry))
            return;
        // nvcc reads the CUDA headers while the file is rewritten
        CudaBuild build;
        build.archs = cuda_archs;
        if (!nvcc.empty() && may_have_handlers(file))
            build.start_early(nvcc, cuda_flags(CI, file, args, false));
        DiagnosticConsumer *client = CI.getDiagnostics().getClient();
        unsigned diagnostics = client->getNumWarnings() + client->getNumErrors();
        cdvmh_options opt = {file.c_str(), argv.data(), static_cast<int>(argv.size()),
                             nvcc.empty() ? 0 : 1, remarks ? 1 : 0, check ? 1 : 0};
        cdvmh_output out;
        int errors = cdvmh_rewrite(&opt, &out);
        for (size_t k = 0; k < out.ndiags; k++)
            report(CI, out.diags[k]);
        if (errors || !out.host_c) {
            cdvmh_output_free(&out);
            return;
        }
        std::string text = out.host_c;
        LateImage late;  // before build goes: its thread waits for build
        DeviceImage img;
        if (out.cuda) {
            img = embed_device_code(CI, file, args, action_kind, nvcc, out, text, build, late);
        } else if (cuda && !check && wants_object && nvcc.empty() && remarks) {
            DiagnosticsEngine &D = CI.getDiagnostics();
            D.Report(D.getCustomDiagID(DiagnosticsEngine::Remark,
                                       "nvcc not found (set CDVMH_NVCC): '%0' gets host handlers only"))
                << file;
        }
        cdvmh_output_free(&out);
        if (!keep.empty()) {
            // a folder: one file per compiled source (several in one command)
            std::string path = keep;
            if (llvm::sys::fs::is_directory(keep))
                path = keep + "/" + llvm::sys::path::filename(file).str();
            std::ofstream(path) << text;
        }
        compile_rewritten(CI, file, text, img, build, late, entry, diagnostics);
    }
};

} // namespace

static PragmaHandlerRegistry::Add<DvmPragmaHandler> pragma_registration("dvm", "C-DVMH directives");
static FrontendPluginRegistry::Add<DvmAction> action_registration("cdvmh", "compile C-DVMH");
