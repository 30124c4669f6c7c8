// late_image.h: puts a file's device image into its object after LLVM has
// optimized the host code, so that nvcc runs while the host code is parsed
// and optimized, and the compile waits for it only before code generation.
#ifndef CDVMH_LATE_IMAGE_H
#define CDVMH_LATE_IMAGE_H

#include <clang/Basic/CodeGenOptions.h>
#include <functional>
#include <memory>
#include <string>

// Registers, in cg, a pass at the end of the optimization pipeline that
// calls wait() (true: the image file is ready) and then adds module_asm
// (the assembler text that reads the image) to the module, or failed_asm
// when wait() is false. *ran is set when the pass has run: a compile that
// never reached it has no image.
void late_image_pass(clang::CodeGenOptions &cg, std::function<bool()> wait, std::string module_asm,
                     std::string failed_asm, std::shared_ptr<bool> ran);

#endif
