package service

import (
	"context"
	"fmt"

	"github.com/jackc/pgx/v5"

	"github.com/tablestakes/tablestakes/store"
)

// SetNotificationPrefs changes which kinds of notice the user receives, in one
// transaction: kinds not in prefs keep their setting. An unknown kind is refused
// (*store.Invalid, naming it) and nothing changes.
func (s *Accounts) SetNotificationPrefs(ctx context.Context, userID int64, prefs map[string]bool) error {
	var on, off []string
	for k, v := range prefs {
		if !store.IsNoticeKind(k) {
			return NoSuchNotice(k)
		}
		if v {
			on = append(on, k)
		} else {
			off = append(off, k)
		}
	}
	err := pgx.BeginFunc(ctx, s.store.Pool(), func(tx pgx.Tx) error {
		return s.store.SetNotificationOptOuts(ctx, tx, userID, on, off)
	})
	if err != nil {
		return fmt.Errorf("service: %w", err)
	}
	return nil
}
