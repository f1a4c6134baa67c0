// Linux shim (not upstream): AIWine's classes leave several members
// uninitialised (timeout_turn, timeout_match, time_left, Board::ply, ...),
// relying on fresh zeroed memory. Make global operator new return zeroed
// memory so behaviour is deterministic.
#include <cstdlib>
#include <new>
void* operator new(std::size_t n) { void* p = std::calloc(1, n ? n : 1); if (!p) throw std::bad_alloc(); return p; }
void* operator new[](std::size_t n) { return operator new(n); }
void operator delete(void* p) noexcept { std::free(p); }
void operator delete[](void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }
void operator delete[](void* p, std::size_t) noexcept { std::free(p); }
