// late_image.cpp: see late_image.h.
#include "late_image.h"

#include <llvm/IR/Module.h>
#include <llvm/IR/PassManager.h>
#include <llvm/Passes/OptimizationLevel.h>
#include <llvm/Passes/PassBuilder.h>

namespace {

struct LateImage : llvm::PassInfoMixin<LateImage> {
    std::function<bool()> wait;
    std::string module_asm, failed_asm;
    std::shared_ptr<bool> ran;

    llvm::PreservedAnalyses run(llvm::Module &m, llvm::ModuleAnalysisManager &)
    {
        if (*ran)
            return llvm::PreservedAnalyses::all();
        *ran = true;
        m.appendModuleInlineAsm(wait() ? module_asm : failed_asm);
        return llvm::PreservedAnalyses::all();
    }
    static bool isRequired() { return true; }  // also at -O0 and under optnone
};

} // namespace

void late_image_pass(clang::CodeGenOptions &cg, std::function<bool()> wait, std::string module_asm,
                     std::string failed_asm, std::shared_ptr<bool> ran)
{
    cg.PassBuilderCallbacks.push_back([wait, module_asm, failed_asm, ran](llvm::PassBuilder &pb) {
        pb.registerOptimizerLastEPCallback(
            [wait, module_asm, failed_asm, ran](llvm::ModulePassManager &mpm, llvm::OptimizationLevel) {
                mpm.addPass(LateImage{{}, wait, module_asm, failed_asm, ran});
            });
    });
}
