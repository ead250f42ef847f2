package store

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
)

// ConfirmLink is what a result_proposed e-mail's one-tap link confirms: one revision of a
// game's proposal (named by when it was proposed), for one seated player, once, until the
// proposal's confirmation window closes.
type ConfirmLink struct {
	GameID      int64      `db:"game_id"`
	UserID      int64      `db:"user_id"`
	Username    string     `db:"username"`
	DisplayName string     `db:"display_name"`
	ProposedAt  time.Time  `db:"proposed_at"`
	ExpiresAt   time.Time  `db:"expires_at"`
	UsedAt      *time.Time `db:"used_at"`
}

// Ended says why the link confirms nothing any more, or "" while it does: it was used, or
// the proposal's window closed.
func (l ConfirmLink) Ended(now time.Time) string {
	if err := l.EndedRefusal(now); err != nil {
		return err.Error()
	}
	return ""
}

// EndedRefusal is Ended as the refusal of a confirmation through the link, nil while the
// link still confirms.
func (l ConfirmLink) EndedRefusal(now time.Time) error {
	switch {
	case l.UsedAt != nil:
		return ErrConfirmLinkUsed
	case !now.Before(l.ExpiresAt):
		return ErrConfirmLinkClosed
	}
	return nil
}

// ErrConfirmLinkUsed and ErrConfirmLinkClosed refuse a confirmation through a link already
// used or whose proposal's window has closed.
var (
	ErrConfirmLinkUsed   = &Conflict{Reason: "This link has been used: it confirms once.", ID: "refusal.confirm_link_used"}
	ErrConfirmLinkClosed = &Conflict{Reason: "This link has ended: the proposal's confirmation window has closed.", ID: "refusal.confirm_link_closed"}
)

const confirmLinkSQL = `
SELECT c.game_id, c.user_id, u.username, u.display_name, c.proposed_at, c.expires_at, c.used_at
FROM confirm_links c JOIN users u ON u.id = c.user_id
WHERE c.token = $1 AND u.deleted_at IS NULL`

// ConfirmLinkOf returns what the token's link confirms; ErrNotFound for an unknown token.
func (s *Store) ConfirmLinkOf(ctx context.Context, token string) (ConfirmLink, error) {
	return confirmLinkOf(ctx, s.pool, token, "")
}

// LockedConfirmLink returns the token's link inside tx, locked until tx ends (two taps on
// it confirm once); ErrNotFound for an unknown token.
func (s *Store) LockedConfirmLink(ctx context.Context, tx pgx.Tx, token string) (ConfirmLink, error) {
	return confirmLinkOf(ctx, tx, token, " FOR UPDATE OF c")
}

func confirmLinkOf(ctx context.Context, q querier, token, lock string) (ConfirmLink, error) {
	l, err := collectOne[ConfirmLink](ctx, q, confirmLinkSQL+lock, token)
	if errors.Is(err, pgx.ErrNoRows) {
		return ConfirmLink{}, fmt.Errorf("store: confirm link: %w", ErrNotFound)
	}
	if err != nil {
		return ConfirmLink{}, fmt.Errorf("store: confirm link: %w", err)
	}
	return l, nil
}

// UseConfirmLink marks the token's link used: it confirms nothing more.
func (s *Store) UseConfirmLink(ctx context.Context, tx pgx.Tx, token string) error {
	if _, err := tx.Exec(ctx, `UPDATE confirm_links SET used_at = now() WHERE token = $1`, token); err != nil {
		return fmt.Errorf("store: use confirm link: %w", err)
	}
	return nil
}
