// plugin.cpp: the clang plugin: registers the `dvm` pragma, rewrites the
// main file with the C-DVMH rewriter, reports its diagnostics through
// clang, and compiles the generated C in place of the file.
#include "cdvmh.h"

#include "clang/Basic/DiagnosticOptions.h"
#include "clang/Basic/LangStandard.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendPluginRegistry.h"
#include "clang/FrontendTool/Utils.h"
#include "clang/Lex/Pragma.h"
#include "clang/Lex/Preprocessor.h"
#include "clang/Lex/PreprocessorOptions.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include <dlfcn.h>
#include <fstream>
#include <string>
#include <sys/stat.h>
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

class DvmAction : public PluginASTAction {
    bool remarks = false;
    std::string keep;

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
                // Accepted by name so that the answer is clear: the rewriter
                // generates host handlers only, and silently ignoring the
                // request would leave the user believing GPU code was built.
                DiagnosticsEngine &D = CI.getDiagnostics();
                D.Report(D.getCustomDiagID(DiagnosticsEngine::Error,
                                           "cdvmh plugin: not supported yet: CUDA handlers (%0); "
                                           "only host handlers are generated"))
                    << a;
                return false;
            } else if (a == "help") {
                llvm::errs() << "cdvmh plugin arguments (-Xclang -plugin-arg-cdvmh -Xclang ARG):\n"
                                "  remarks      report what was generated for each parallel loop\n"
                                "                (also -Rpass=dvmh)\n"
                                "  keep=FILE    write the generated C to FILE\n"
                                "  cuda-arch=.. CUDA handlers: not supported yet (an error)\n"
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

    void ExecuteAction() override
    {
        CompilerInstance &CI = getCompilerInstance();
        std::string file = getCurrentFile().str();
        std::vector<std::string> args = parser_args(CI);
        args.push_back("-I" + runtime_include_dir());
        std::vector<const char *> argv;
        for (const std::string &a : args)
            argv.push_back(a.c_str());
        cdvmh_options opt = {file.c_str(), argv.data(), static_cast<int>(argv.size()), 0,
                             remarks ? 1 : 0};
        cdvmh_output out;
        int errors = cdvmh_rewrite(&opt, &out);
        for (size_t k = 0; k < out.ndiags; k++)
            report(CI, out.diags[k]);
        if (errors || !out.host_c) {
            cdvmh_output_free(&out);
            return;
        }
        std::string text = out.host_c;
        cdvmh_output_free(&out);
        if (!keep.empty())
            std::ofstream(keep) << text;

        auto inv = std::make_shared<CompilerInvocation>(CI.getInvocation());
        inv->getPreprocessorOpts().addRemappedFile(
            file, llvm::MemoryBuffer::getMemBufferCopy(text, file).release());
        inv->getPreprocessorOpts().addMacroDef("_DVMH=1");
        inv->getFrontendOpts().ProgramAction = requested_action();
        inv->getFrontendOpts().ActionName.clear();
        inv->getHeaderSearchOpts().AddPath(runtime_include_dir(), frontend::Angled, false, true);
        CompilerInstance nested(CI.getPCHContainerOperations());
        nested.setInvocation(inv);
        nested.createDiagnostics(CI.getDiagnostics().getClient(), false);
        nested_compile = true;
        std::unique_ptr<FrontendAction> action = CreateFrontendAction(nested);
        if (getenv("CDVMH_PLUGIN_DEBUG"))
            llvm::errs() << "cdvmh: nested action " << (action ? "made" : "none") << " program action "
                         << static_cast<int>(nested.getFrontendOpts().ProgramAction) << "\n";
        bool ok = action && nested.ExecuteAction(*action);
        nested_compile = false;
        if (!ok || nested.getDiagnostics().hasErrorOccurred()) {
            // The nested compile printed its errors; make this compile fail too.
            DiagnosticsEngine &D = CI.getDiagnostics();
            D.Report(D.getCustomDiagID(DiagnosticsEngine::Error,
                                       "compilation of '%0' as C-DVMH failed"))
                << file;
        }
    }
};

} // namespace

static PragmaHandlerRegistry::Add<DvmPragmaHandler> pragma_registration("dvm", "C-DVMH directives");
static FrontendPluginRegistry::Add<DvmAction> action_registration("cdvmh", "compile C-DVMH");
