// The compiler's prefetch builtin, which Swift does not expose: a bulk
// append asks for the record-index slot of an event a few events before it
// folds that event (RecordTable.prefetch). Header only; nothing is linked.
#ifndef HARU_PREFETCH_H
#define HARU_PREFETCH_H

// For a slot that will be read and then written (a new record's).
static inline void haru_prefetch_for_write(const void *p) { __builtin_prefetch(p, 1, 3); }

#endif
