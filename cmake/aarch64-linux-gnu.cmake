# Cross-compiling for AArch64 Linux with Debian's toolchain (gcc-aarch64-linux-gnu,
# libc6-dev-arm64-cross); tests run under qemu-user (qemu-aarch64 -L <sysroot>).
#   cmake -S . -B build-aarch64 -DCMAKE_TOOLCHAIN_FILE=cmake/aarch64-linux-gnu.cmake
# `make test-aarch64` does it all. TL_QEMU_CPU (e.g. cortex-a57: no FP16
# arithmetic, no BF16) picks the emulated CPU; the default is qemu's "max".
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR aarch64)
set(TL_CROSS_TRIPLE aarch64-linux-gnu)
set(CMAKE_C_COMPILER ${TL_CROSS_TRIPLE}-gcc)
set(TL_CROSS_SYSROOT /usr/${TL_CROSS_TRIPLE} CACHE PATH "the target's libraries (for qemu -L)")
set(CMAKE_FIND_ROOT_PATH ${TL_CROSS_SYSROOT})
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)
find_program(TL_QEMU_AARCH64 qemu-aarch64)
if(TL_QEMU_AARCH64)
  if(DEFINED ENV{TL_QEMU_CPU})
    set(CMAKE_CROSSCOMPILING_EMULATOR ${TL_QEMU_AARCH64};-cpu;$ENV{TL_QEMU_CPU};-L;${TL_CROSS_SYSROOT})
  else()
    set(CMAKE_CROSSCOMPILING_EMULATOR ${TL_QEMU_AARCH64};-L;${TL_CROSS_SYSROOT})
  endif()
endif()
# GCC 12 for AArch64 warns that the CLI's fixed-width table cells (tools/cmd_promote.c)
# may truncate, which they do on purpose; the x86-64 build does not see it.
set(CMAKE_C_FLAGS_INIT "-Wno-format-truncation")
