// object_cache.h: the object cache. Compiling an unchanged file again (the
// same file and headers, options, clang, plugin and runtime headers) copies
// the object the first compile made instead of rewriting and compiling it;
// it lives in the same folder as the CUDA images (CDVMH_CUDA_CACHE).
#ifndef CDVMH_OBJECT_CACHE_H
#define CDVMH_OBJECT_CACHE_H

#include <clang/Frontend/CompilerInstance.h>
#include <string>

// Runs the preprocessor over CI's main file, printing nothing: this gives
// -MD's dependency file the headers the file includes. Returns what the
// object depends on besides the options: every file read, by name and
// content, as hex digits; empty when the object must not be cached (the
// preprocessor found an error or a warning, or a file uses __DATE__,
// __TIME__, __TIMESTAMP__ or #embed).
std::string preprocess_main_file(clang::CompilerInstance &CI);

// Whether CI's compile writes nothing but its object (and a dependency
// file), so that a cached object can stand for it.
bool object_only_compile(clang::CompilerInstance &CI);

// The cache entry for CI's object: files is preprocess_main_file's digest;
// the key has besides the compile's options, clang, this plugin, nvcc (its
// path, size and time; empty: none) and the runtime headers (the files in
// runtime_dir). Empty when there is no cache folder.
std::string object_cache_entry(clang::CompilerInstance &CI, const std::string &files,
                               const std::string &nvcc, const std::string &runtime_dir);

// Copies a cached object to output; false when there is none (or it cannot
// be copied: the compile then runs as usual).
bool object_cache_fetch(const std::string &entry, const std::string &output);

// Keeps a copy of output under entry (written aside, then renamed, so that
// a concurrent compile sees the whole object or none).
void object_cache_store(const std::string &output, const std::string &entry);

#endif
