package store

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"

	"github.com/jackc/pgx/v5"

	"github.com/tablestakes/tablestakes/rating"
)

// CacheKey names one thing a page shows that a write can change: a league (its row,
// members, games, standings and history), a ladder's ratings, a ladder's history (every
// ledger line on it, rewritten by a correction's replay) or a player's own pages (their
// leagues, games, ratings and desk). A write names the keys of what it changed
// (CacheSignal.Drop) and every server drops only the cached parts that depend on one of
// them. A key holds no space and no comma.
type CacheKey string

// LeagueKey is the key of league id.
func LeagueKey(id int64) CacheKey { return CacheKey("league:" + strconv.FormatInt(id, 10)) }

// LadderKey is the key of the ratings on ladder (a game's slug, or a private league's own
// ladder, rating.LeagueLadder): its order and numbers.
func LadderKey(ladder string) CacheKey { return CacheKey("ladder:" + ladder) }

// LadderHistoryKey is the key of every ledger line on ladder, which only a replay (a
// corrected result) rewrites: a game's result section on any league's page shows its lines.
func LadderHistoryKey(ladder string) CacheKey { return CacheKey("history:" + ladder) }

// PlayerKey is the key of a player's own pages: their player page and desk.
func PlayerKey(username string) CacheKey { return CacheKey("player:" + username) }

// GameKey is the key of a game outside any league (a normal game): its page.
func GameKey(id int64) CacheKey { return CacheKey("game:" + strconv.FormatInt(id, 10)) }

// GamePageKey is the key a game's page depends on: its league's (LeagueKey), or its own
// outside any league (GameKey).
func GamePageKey(leagueID, gameID int64) CacheKey {
	if leagueID != 0 {
		return LeagueKey(leagueID)
	}
	return GameKey(gameID)
}

// gameCacheKeysSQL reads what a write to game $1 changes: its league (0 for a normal
// game), its game and whether the league is private (which give its ladder,
// rating.LeagueLadder), and the players whose pages show it: the seated players, the league's
// members and organisers (a league's status and games show on each member's pages).
const gameCacheKeysSQL = `
SELECT COALESCE(g.league_id, 0),
       COALESCE(g.game, (SELECT l.game FROM leagues l WHERE l.id = g.league_id)),
       COALESCE((SELECT l.private FROM leagues l WHERE l.id = g.league_id), false),
       ARRAY(SELECT u.username FROM seats s JOIN users u ON u.id = s.user_id WHERE s.game_id = g.id
             UNION SELECT u.username FROM users u WHERE u.id = g.organiser_id
             UNION SELECT u.username FROM memberships m JOIN users u ON u.id = m.user_id WHERE m.league_id = g.league_id
             UNION SELECT u.username FROM leagues l JOIN users u ON u.id = l.organiser_id WHERE l.id = g.league_id
             UNION SELECT u.username FROM league_organisers o JOIN users u ON u.id = o.user_id WHERE o.league_id = g.league_id)
FROM games g WHERE g.id = $1`

// GameCacheKeys returns the keys of what a result written to game id changes: the game's
// league (or the game, outside any league), the ratings of its ladder, and the pages of its
// seated players and its league's members and organisers. A result recorded moves only its
// seated players' ratings (rating.Ladder.Apply); a correction's replay moves more, which
// its caller adds (Changes, LadderHistoryKey).
func (s *Store) GameCacheKeys(ctx context.Context, id int64) ([]CacheKey, error) {
	var (
		leagueID int64
		game     string
		private  bool
		players  []string
	)
	if err := s.pool.QueryRow(ctx, gameCacheKeysSQL, id).Scan(&leagueID, &game, &private, &players); err != nil {
		if errors.Is(err, pgx.ErrNoRows) {
			err = ErrNotFound
		}
		return nil, fmt.Errorf("store: cache keys of game %d: %w", id, err)
	}
	keys := []CacheKey{LadderKey(rating.LeagueLadder(game, leagueID, private))}
	if leagueID != 0 {
		keys = append(keys, LeagueKey(leagueID))
	} else {
		keys = append(keys, GameKey(id))
	}
	for _, p := range players {
		keys = append(keys, PlayerKey(p))
	}
	return keys, nil
}

// leagueCacheKeysSQL reads the usernames of league $1's members and organisers.
const leagueCacheKeysSQL = `
SELECT u.username FROM memberships m JOIN users u ON u.id = m.user_id WHERE m.league_id = $1
UNION SELECT u.username FROM leagues l JOIN users u ON u.id = l.organiser_id WHERE l.id = $1
UNION SELECT u.username FROM league_organisers o JOIN users u ON u.id = o.user_id WHERE o.league_id = $1`

// LeagueCacheKeys returns the keys of what a write to league id (a join, a new league, a
// schedule) changes: the league and the pages of its members and organisers.
func (s *Store) LeagueCacheKeys(ctx context.Context, id int64) ([]CacheKey, error) {
	rows, err := s.pool.Query(ctx, leagueCacheKeysSQL, id)
	if err != nil {
		return nil, fmt.Errorf("store: cache keys of league %d: %w", id, err)
	}
	players, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		return nil, fmt.Errorf("store: cache keys of league %d: %w", id, err)
	}
	keys := []CacheKey{LeagueKey(id)}
	for _, p := range players {
		keys = append(keys, PlayerKey(p))
	}
	return keys, nil
}

// CorrectionCacheKeys adds to a game's keys (GameCacheKeys) what a correction's replay of
// the ladder moved: every ledger line on the ladder and the pages of every player whose
// rating changed.
func CorrectionCacheKeys(keys []CacheKey, r GameResult) []CacheKey {
	keys = append(slices.Clone(keys), LadderHistoryKey(r.Ladder))
	for _, c := range r.Changes.Ratings {
		keys = append(keys, PlayerKey(c.Username))
	}
	return keys
}
