package store

import (
	"context"
	"fmt"
)

const deleteExpiredSessionsSQL = `DELETE FROM sessions WHERE expiry < now()`

// DeleteExpiredSessions removes the web sessions whose expiry has passed and returns how
// many it removed. The server runs it periodically (scs itself ignores expired rows).
func (s *Store) DeleteExpiredSessions(ctx context.Context) (int64, error) {
	tag, err := s.pool.Exec(ctx, deleteExpiredSessionsSQL)
	if err != nil {
		return 0, fmt.Errorf("store: delete expired sessions: %w", err)
	}
	return tag.RowsAffected(), nil
}
