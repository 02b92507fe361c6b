/* error.c — status codes, their names, and the thread-local error slot. */
#include "internal.h"

#include <stdio.h>
#include <string.h>

typedef struct tl__errslot {
  char type[32];
  char msg[1024];
} tl__errslot;

static _Thread_local tl__errslot tl__err;
/* Whether the slot holds an error: the only TLS touched on success. */
static _Thread_local unsigned char tl__err_set;

const char *tl_status_name(int status) {
  switch (status) {
#define TL__STATUS_NAME(name, value, text) \
  case value:                              \
    return "TL_" #name;
    TL_STATUS_MAP(TL__STATUS_NAME)
#undef TL__STATUS_NAME
  default:
    return "TL_E?";
  }
}

const char *tl_strerror(int status) {
  switch (status) {
#define TL__STATUS_TEXT(name, value, text) \
  case value:                              \
    return text;
    TL_STATUS_MAP(TL__STATUS_TEXT)
#undef TL__STATUS_TEXT
  default:
    return "unknown status";
  }
}

const char *tl_errmsg(void) { return tl__err_set ? tl__err.msg : ""; }
const char *tl_errtype(void) { return tl__err_set ? tl__err.type : ""; }

void tl_clear_error(void) { tl__err_set = 0; }

int tl__ok(void) {
  tl__err_set = 0;
  return TL_OK;
}

int tl__verror(int status, const char *errtype, const char *fmt, va_list ap) {
  const char *t = errtype ? errtype : "UsageError";
  /* messages may quote the previous message (tl_errmsg()); keep it readable */
  if (!tl__err_set) tl__err.msg[0] = '\0';
  tl__err_set = 1;
  size_t tl = strlen(t);
  if (tl >= sizeof tl__err.type) tl = sizeof tl__err.type - 1;
  memcpy(tl__err.type, t, tl);
  tl__err.type[tl] = '\0';
  if (fmt) {
    char tmp[sizeof tl__err.msg];
    /* format into a temporary first: the arguments may point into the slot */
    vsnprintf(tmp, sizeof tmp, fmt, ap);
    memcpy(tl__err.msg, tmp, sizeof tmp);
  } else {
    snprintf(tl__err.msg, sizeof tl__err.msg, "%s", tl_strerror(status));
  }
  return status;
}

int tl__error(int status, const char *errtype, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  int r = tl__verror(status, errtype, fmt, ap);
  va_end(ap);
  return r;
}

unsigned tl_version_number(void) { return TL_VERSION_NUMBER; }
const char *tl_version_string(void) { return TL_VERSION_STRING; }
