package store

import (
	"context"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"

	"github.com/tablestakes/tablestakes/league"
)

// ErrInviteInvalid refuses a join to a private league through a link whose token is not the
// league's current one (the organiser renewed it, or made the league public meanwhile).
var ErrInviteInvalid = league.ErrInviteInvalid

const setPrivateSQL = `
UPDATE leagues SET private = true, invite_token = COALESCE(invite_token, $2) WHERE id = $1
RETURNING invite_token`

const setPublicSQL = `UPDATE leagues SET private = false, invite_token = NULL WHERE id = $1`

const renewInviteSQL = `UPDATE leagues SET invite_token = $2 WHERE id = $1 RETURNING invite_token`

// LeaguePrivacy returns, inside tx, whether the league is private and its invite token (""
// for a public league).
func (s *Store) LeaguePrivacy(ctx context.Context, tx pgx.Tx, leagueID int64) (bool, string, error) {
	var private bool
	var token string
	if err := tx.QueryRow(ctx, leaguePrivacySQL, leagueID).Scan(&private, &token); err != nil {
		return false, "", fmt.Errorf("store: privacy of league %d: %w", leagueID, err)
	}
	return private, token, nil
}

// UpdateLeaguePrivate makes the league private inside tx, giving it a fresh invite token
// unless it holds one already, and returns its token.
func (s *Store) UpdateLeaguePrivate(ctx context.Context, tx pgx.Tx, leagueID int64) (string, error) {
	fresh, err := newFeedToken()
	if err != nil {
		return "", err
	}
	var token string
	if err := tx.QueryRow(ctx, setPrivateSQL, leagueID, fresh).Scan(&token); err != nil {
		return "", fmt.Errorf("store: make league %d private: %w", leagueID, err)
	}
	return token, nil
}

// UpdateLeaguePublic makes the league public inside tx: its invite link stops working.
func (s *Store) UpdateLeaguePublic(ctx context.Context, tx pgx.Tx, leagueID int64) error {
	if _, err := tx.Exec(ctx, setPublicSQL, leagueID); err != nil {
		return fmt.Errorf("store: make league %d public: %w", leagueID, err)
	}
	return nil
}

// UpdateInviteToken gives the league a fresh invite token inside tx and returns it: the old
// link stops working.
func (s *Store) UpdateInviteToken(ctx context.Context, tx pgx.Tx, leagueID int64) (string, error) {
	fresh, err := newFeedToken()
	if err != nil {
		return "", err
	}
	var token string
	if err := tx.QueryRow(ctx, renewInviteSQL, leagueID, fresh).Scan(&token); err != nil {
		return "", fmt.Errorf("store: renew invite of league %d: %w", leagueID, err)
	}
	return token, nil
}

const inviteTokenSQL = `SELECT COALESCE(invite_token, '') FROM leagues WHERE id = $1`

// InviteToken returns a private league's invite token ("" for a public league); the
// service shows it to its organiser and co-organisers only (service.Leagues.InviteToken)
// and compares a presented one with it (service.Leagues.ValidInvite). ErrNotFound when
// there is no such league.
func (s *Store) InviteToken(ctx context.Context, leagueID int64) (string, error) {
	var token string
	err := s.pool.QueryRow(ctx, inviteTokenSQL, leagueID).Scan(&token)
	if errors.Is(err, pgx.ErrNoRows) {
		err = ErrNotFound
	}
	if err != nil {
		return "", fmt.Errorf("store: invite of league %d: %w", leagueID, err)
	}
	return token, nil
}

// visibleSQL says whether a league is visible to a user: public, or the user is its
// organiser, a co-organiser, a member, or a former member (replaced or withdrawn). No row
// for an unknown league.
const visibleSQL = `
SELECT NOT l.private OR l.organiser_id = $2
    OR EXISTS (SELECT 1 FROM league_organisers lo WHERE lo.league_id = l.id AND lo.user_id = $2)
    OR EXISTS (SELECT 1 FROM memberships m WHERE m.league_id = l.id AND m.user_id = $2)
    OR EXISTS (SELECT 1 FROM league_replacements r WHERE r.league_id = l.id AND (r.from_id = $2 OR r.to_id = $2))
    OR EXISTS (SELECT 1 FROM league_withdrawals w WHERE w.league_id = l.id AND w.user_id = $2)
FROM leagues l WHERE l.id = $1`

// hiddenLeaguesSQL picks, among the leagues $1, the private ones user $2 may not see (the
// same rule as visibleSQL, for many leagues in one query).
const hiddenLeaguesSQL = `
SELECT l.id FROM leagues l
WHERE l.id = ANY($1) AND l.private AND l.organiser_id <> $2
  AND NOT EXISTS (SELECT 1 FROM league_organisers lo WHERE lo.league_id = l.id AND lo.user_id = $2)
  AND NOT EXISTS (SELECT 1 FROM memberships m WHERE m.league_id = l.id AND m.user_id = $2)
  AND NOT EXISTS (SELECT 1 FROM league_replacements r WHERE r.league_id = l.id AND (r.from_id = $2 OR r.to_id = $2))
  AND NOT EXISTS (SELECT 1 FROM league_withdrawals w WHERE w.league_id = l.id AND w.user_id = $2)`

// HiddenLeagues returns which of the leagues the user (0: anyone) may not see: the private
// ones among them of which the user is neither an organiser nor a member, present or past.
// A page listing games or ledger lines of several leagues asks it for every league it
// would show, each game judged by its own league (trust review 3, finding 3).
func (s *Store) HiddenLeagues(ctx context.Context, userID int64, leagueIDs []int64) (map[int64]bool, error) {
	hidden := map[int64]bool{}
	if len(leagueIDs) == 0 {
		return hidden, nil
	}
	rows, err := s.pool.Query(ctx, hiddenLeaguesSQL, leagueIDs, userID)
	if err != nil {
		return nil, fmt.Errorf("store: hidden leagues: %w", err)
	}
	ids, err := pgx.CollectRows(rows, pgx.RowTo[int64])
	if err != nil {
		return nil, fmt.Errorf("store: hidden leagues: %w", err)
	}
	for _, id := range ids {
		hidden[id] = true
	}
	return hidden, nil
}

const privateLeaguesSQL = `SELECT id FROM leagues WHERE id = ANY($1) AND private ORDER BY id`

// PrivateLeagues returns the private leagues among leagueIDs, in id order: the only ones
// HiddenLeagues may hide from anyone. A page that keeps what it lists until the next write
// keeps these too, and asks HiddenLeagues of them alone (none: no question to ask).
func (s *Store) PrivateLeagues(ctx context.Context, leagueIDs []int64) ([]int64, error) {
	if len(leagueIDs) == 0 {
		return nil, nil
	}
	rows, err := s.pool.Query(ctx, privateLeaguesSQL, leagueIDs)
	if err != nil {
		return nil, fmt.Errorf("store: private leagues: %w", err)
	}
	ids, err := pgx.CollectRows(rows, pgx.RowTo[int64])
	if err != nil {
		return nil, fmt.Errorf("store: private leagues: %w", err)
	}
	return ids, nil
}

// LeagueVisible reports whether the user (0: anyone) may see the league: every league but a
// private one, which only its organisers and its members, present and past, see. An unknown
// league is "visible": whoever asks for it finds it does not exist.
func (s *Store) LeagueVisible(ctx context.Context, leagueID, userID int64) (bool, error) {
	var ok bool
	err := s.pool.QueryRow(ctx, visibleSQL, leagueID, userID).Scan(&ok)
	if errors.Is(err, pgx.ErrNoRows) {
		return true, nil
	}
	if err != nil {
		return false, fmt.Errorf("store: visibility of league %d: %w", leagueID, err)
	}
	return ok, nil
}

const gameLeagueIDSQL = `SELECT COALESCE(league_id, 0) FROM games WHERE id = $1`

// GameLeagueID returns the league of a game, 0 for a normal game or an unknown game.
func (s *Store) GameLeagueID(ctx context.Context, gameID int64) (int64, error) {
	var id int64
	err := s.pool.QueryRow(ctx, gameLeagueIDSQL, gameID).Scan(&id)
	if errors.Is(err, pgx.ErrNoRows) {
		return 0, nil
	}
	if err != nil {
		return 0, fmt.Errorf("store: league of game %d: %w", gameID, err)
	}
	return id, nil
}

const leaguePrivacySQL = `SELECT private, COALESCE(invite_token, '') FROM leagues WHERE id = $1`

// Invitation reads, inside a join's transaction (the league's row locked), what
// league.Admit lets the user's join in on: the league's privacy and current invite token,
// and for a private league whether the user sees it anyway (a former member). Role and
// Presented are left for the caller.
func (s *Store) Invitation(ctx context.Context, tx pgx.Tx, leagueID, userID int64) (league.Invitation, error) {
	var inv league.Invitation
	if err := tx.QueryRow(ctx, leaguePrivacySQL, leagueID).Scan(&inv.Private, &inv.Current); err != nil {
		return league.Invitation{}, err
	}
	if !inv.Private {
		return inv, nil
	}
	if err := tx.QueryRow(ctx, visibleSQL, leagueID, userID).Scan(&inv.Visible); err != nil {
		return league.Invitation{}, err
	}
	return inv, nil
}
