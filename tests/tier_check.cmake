# tests/tier_check.c: every SIMD tier against the scalar tier (no cmocka; see the file).
# Included by tests/CMakeLists.txt, also in cross builds without cmocka (TL_TIER_CHECK_ONLY).
add_executable(tier_check ${CMAKE_CURRENT_LIST_DIR}/tier_check.c)
target_link_libraries(tier_check PRIVATE typelattice_static)
if(CMAKE_SYSTEM_PROCESSOR MATCHES "^(aarch64|arm64|ARM64)$")
  # AArch64 must pick neon; again without its BF16 instructions
  add_test(NAME tier_check COMMAND tier_check --require neon)
  add_test(NAME tier_check_neonbase COMMAND tier_check --require neon --quick)
  set_tests_properties(tier_check_neonbase PROPERTIES ENVIRONMENT "TYPELATTICE_NEON_BASE=1")
  # TYPELATTICE_CPU: an x86 tier is ignored on AArch64
  add_test(NAME tier_check_cpu_env_avx2 COMMAND tier_check --require neon --start-only)
  set_tests_properties(tier_check_cpu_env_avx2 PROPERTIES ENVIRONMENT "TYPELATTICE_CPU=avx2")
else()
  add_test(NAME tier_check COMMAND tier_check --quick)
endif()
set_tests_properties(tier_check PROPERTIES SKIP_RETURN_CODE 77)
# TYPELATTICE_CPU=scalar selects the scalar tier at start-up on every CPU
add_test(NAME tier_check_cpu_env_scalar COMMAND tier_check --require scalar --start-only)
set_tests_properties(tier_check_cpu_env_scalar PROPERTIES ENVIRONMENT "TYPELATTICE_CPU=scalar")
