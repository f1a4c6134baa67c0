/* Minimal Win32 -> POSIX compatibility shim for building Piskvork's "Pela"
   brain (pbrain-pela) natively on Linux. Only the APIs used by
   source/pbrain/*.cpp and source/skelet_CPP/pisqpipe.cpp are provided. */
#ifndef PELA_COMPAT_WINDOWS_H
#define PELA_COMPAT_WINDOWS_H

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>
#include <pthread.h>

typedef uint32_t DWORD;           /* 32-bit like Win32 (tick wrap semantics) */
typedef int BOOL;
typedef void *LPVOID;
typedef void *HANDLE;
#define WINAPI
#define TRUE 1
#define FALSE 0
#define INFINITE 0xFFFFFFFFu
#define STD_INPUT_HANDLE ((DWORD)-10)

#define _strnicmp strncasecmp
#define _stricmp strcasecmp
#define UInt32x32To64(a, b) ((uint64_t)(uint32_t)(a) * (uint64_t)(uint32_t)(b))

template <class T> inline T min(T a, T b) { return b < a ? b : a; }
template <class T> inline T max(T a, T b) { return a < b ? b : a; }

/* Milliseconds from a monotonic clock, offset so that the value starts far
   from 0 (start_time + negative budgets must not wrap below 0). */
inline DWORD GetTickCount(void) /* non-static: one shared base across TUs */
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	uint64_t ms = (uint64_t)ts.tv_sec * 1000u + (uint64_t)(ts.tv_nsec / 1000000);
	static const uint64_t base = ms;
	return (DWORD)(ms - base + 10000000u);
}

static inline HANDLE GetStdHandle(DWORD) { return 0; }
static inline BOOL GetConsoleMode(HANDLE, DWORD *) { return FALSE; } /* never a console */
static inline void SetErrorMode(unsigned) {}

/* ---- events (auto/manual reset) on pthread mutex + condvar ---- */
struct PelaEvent {
	pthread_mutex_t m;
	pthread_cond_t c;
	bool signaled;
	bool manual;
};

static inline HANDLE CreateEvent(void *, BOOL manualReset, BOOL initialState, const char *)
{
	PelaEvent *e = new PelaEvent;
	pthread_mutex_init(&e->m, 0);
	pthread_cond_init(&e->c, 0);
	e->signaled = initialState != 0;
	e->manual = manualReset != 0;
	return e;
}

static inline BOOL SetEvent(HANDLE h)
{
	PelaEvent *e = (PelaEvent *)h;
	pthread_mutex_lock(&e->m);
	e->signaled = true;
	pthread_cond_broadcast(&e->c);
	pthread_mutex_unlock(&e->m);
	return TRUE;
}

static inline BOOL ResetEvent(HANDLE h)
{
	PelaEvent *e = (PelaEvent *)h;
	pthread_mutex_lock(&e->m);
	e->signaled = false;
	pthread_mutex_unlock(&e->m);
	return TRUE;
}

static inline DWORD WaitForSingleObject(HANDLE h, DWORD /*only INFINITE is used*/)
{
	PelaEvent *e = (PelaEvent *)h;
	pthread_mutex_lock(&e->m);
	while(!e->signaled) pthread_cond_wait(&e->c, &e->m);
	if(!e->manual) e->signaled = false;
	pthread_mutex_unlock(&e->m);
	return 0;
}

/* ---- threads ---- */
typedef DWORD (*LPTHREAD_START_ROUTINE)(LPVOID);
struct PelaThreadArg { LPTHREAD_START_ROUTINE fn; LPVOID arg; };

static inline void *pela_thread_trampoline(void *p)
{
	PelaThreadArg a = *(PelaThreadArg *)p;
	delete (PelaThreadArg *)p;
	a.fn(a.arg);
	return 0;
}

static inline HANDLE CreateThread(void *, size_t, LPTHREAD_START_ROUTINE fn, LPVOID arg, DWORD, DWORD *tid)
{
	pthread_t t;
	pthread_attr_t attr;
	pthread_attr_init(&attr);
	pthread_attr_setstacksize(&attr, 64u << 20); /* generous: search recursion */
	PelaThreadArg *a = new PelaThreadArg;
	a->fn = fn;
	a->arg = arg;
	if(pthread_create(&t, &attr, pela_thread_trampoline, a) != 0){ delete a; return 0; }
	pthread_attr_destroy(&attr);
	pthread_detach(t);
	if(tid) *tid = 0;
	return (HANDLE)1;
}

#endif
