package store

import (
	"context"
	"fmt"
	"strconv"
	"strings"
)

// WALPosition is a position in the primary's write-ahead log (a Postgres pg_lsn): every
// write lies at a position, and a streaming replica shows a write once it has replayed the
// log past it.
type WALPosition uint64

// ParseWALPosition reads a position as Postgres writes a pg_lsn: two hexadecimal numbers,
// the high and the low 32 bits, separated by a slash ("16/B374D848").
func ParseWALPosition(s string) (WALPosition, error) {
	hi, lo, ok := strings.Cut(s, "/")
	if !ok {
		return 0, fmt.Errorf("store: WAL position %q: want two hexadecimal numbers separated by a slash", s)
	}
	h, err := strconv.ParseUint(hi, 16, 32)
	if err != nil {
		return 0, fmt.Errorf("store: WAL position %q: %w", s, err)
	}
	l, err := strconv.ParseUint(lo, 16, 32)
	if err != nil {
		return 0, fmt.Errorf("store: WAL position %q: %w", s, err)
	}
	return WALPosition(h<<32 | l), nil
}

// String writes the position as Postgres does.
func (p WALPosition) String() string {
	return fmt.Sprintf("%X/%X", uint64(p)>>32, uint64(p)&0xFFFFFFFF)
}

// currentWALPosition is the position after everything the primary has written so far.
// The insert position (rather than the flushed one) is past every committed write even
// under synchronous_commit = off. Just after a WAL page boundary it points past the next
// page's header, where a replica's replay stops until the next record arrives (at the
// latest the standby snapshot the primary logs every 15 s after any write).
const currentWALPosition = `pg_current_wal_insert_lsn()::text`

// replayedPosition reads whether the server is a standby and how far it has replayed.
const replayedPosition = `SELECT pg_is_in_recovery(), pg_last_wal_replay_lsn()::text`

// ReplayedPosition reports how far the Store's database, a streaming replica, has replayed
// its primary's write-ahead log: a read there sees every write before that position.
// standby is false (and the position zero) when the database is not a replica in recovery,
// a primary or a promoted copy, whose position says nothing about a primary's writes.
func (s *Store) ReplayedPosition(ctx context.Context) (_ WALPosition, standby bool, _ error) {
	var replayed *string
	if err := s.pool.QueryRow(ctx, replayedPosition).Scan(&standby, &replayed); err != nil {
		return 0, false, fmt.Errorf("store: replayed position: %w", err)
	}
	if !standby || replayed == nil {
		return 0, false, nil
	}
	p, err := ParseWALPosition(*replayed)
	if err != nil {
		return 0, false, err
	}
	return p, true, nil
}
