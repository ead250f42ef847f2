package store

import (
	"context"
	"fmt"

	"github.com/tablestakes/tablestakes/forecast"
	"github.com/tablestakes/tablestakes/rating"
)

// LadderGame is one rated game of a ladder as a forecast sees it: its seats' players and
// their ratings just before it, and how it ended.
type LadderGame struct {
	// GameID is the game.
	GameID int64
	// Table holds the seats in seat order: each seat's player and that player's rating
	// before the game (the rating the ante came from, seed 3.2).
	Table forecast.Table
	// Result holds each seat's place: the winners in place 1, the others after them by
	// their place in the game.
	Result forecast.Result
}

// ladderSeatRow is one line of the ledger with its seat's outcome.
type ladderSeatRow struct {
	GameID     int64  `db:"game_id"`
	PlayerID   int64  `db:"player_id"`
	Username   string `db:"username"`
	CreditedID int64  `db:"credited_id"`
	After      int64  `db:"after_micros"`
	Place      int    `db:"place"`
	Winner     bool   `db:"winner"`
}

const ladderHistorySQL = `
SELECT e.game_id, e.player_id, u.username, e.credited_id, e.after_micros, p.place, p.winner
FROM rating_entries e
JOIN result_points p ON p.game_id = e.game_id AND p.position = e.position
JOIN users u ON u.id = e.player_id
WHERE e.ladder = $1
ORDER BY e.ladder_seq, e.position`

// LadderHistory returns a ladder's rated games in ladder order (the order the ratings
// took them), each with its seats' ratings just before it, as the ledger folds them.
func (s *Store) LadderHistory(ctx context.Context, ladder string) ([]LadderGame, error) {
	rows, err := collect[ladderSeatRow](ctx, s.pool, ladderHistorySQL, ladder)
	if err != nil {
		return nil, fmt.Errorf("store: history of ladder %s: %w", ladder, err)
	}
	// The ratings are the fold of the ledger: each entry leaves its credited member at its
	// after_micros; a seat's player stood where the entries before its game left them.
	now := map[int64]rating.Micros{}
	var games []LadderGame
	for from := 0; from < len(rows); {
		to := from
		for to < len(rows) && rows[to].GameID == rows[from].GameID {
			to++
		}
		g := LadderGame{GameID: rows[from].GameID}
		for _, r := range rows[from:to] {
			g.Table.Players = append(g.Table.Players, r.Username)
			g.Table.Ratings = append(g.Table.Ratings, now[r.PlayerID])
			place := 1
			if !r.Winner {
				place = r.Place + 1 // after every winner, in the game's order
			}
			g.Result = append(g.Result, place)
		}
		for _, r := range rows[from:to] {
			now[r.CreditedID] = rating.Micros(r.After)
		}
		games = append(games, g)
		from = to
	}
	return games, nil
}
