package store

import (
	"context"
	"encoding/json"
	"fmt"
	"math/big"

	"github.com/jackc/pgx/v5"

	"github.com/tablestakes/tablestakes/league"
	"github.com/tablestakes/tablestakes/scoring"
)

// ResultGame is what recording a game's result needs to know about it.
type ResultGame struct {
	ID       int64
	LeagueID int64
	Status   string
	Game     scoring.Game
	// GameVersion is the version of the game played (its league's, or the normal game's own;
	// CONTRACT section 9): a Vortex board takes its die (scoring.Version.ApplyDie).
	GameVersion scoring.Version
	OrganiserID int64
	Organiser   string
	// CoOrganiserIDs are the league's co-organisers, who record and correct results too.
	CoOrganiserIDs []int64
	// LeagueStatus is the league's status: a league closed, cancelled or archived takes no
	// more results.
	LeagueStatus string
	Seats        []SeatRef
	// Number is the game's number in its league; LeagueName the league's name.
	Number     int
	LeagueName string
	// Recorded is the recorded result's body as submitted, nil until a result is recorded;
	// the service decodes it (service.RecordedInput).
	Recorded json.RawMessage
	// Version counts the writes of the game's result: 0 before it is recorded, 1 once
	// recorded, one more per correction. A write names the version it was built from.
	Version int
	// ActivityRule is the league's activity rule (league.Activity); off for a normal game.
	ActivityRule league.Activity
	// Activity is each seated player's state under the league's activity rule, counted
	// without this game, as the service read it (Store.GameActivity, at its now); empty for
	// a normal game or a league without the rule.
	Activity []ActivityState
	// ResultsBy is who enters results, the league's or the normal game's setting
	// (ResultsByOrganisers or ResultsByPlayers); ConfirmHours the table's confirmation window.
	ResultsBy    string
	ConfirmHours int
	// Private is whether the game's league is private: its games are rated on the league's
	// own ladder (Ladder).
	Private bool
}

// SeatRef is one seat of a game: its position and the seated player.
type SeatRef struct {
	Position    int    `db:"position"`
	UserID      int64  `db:"user_id"`
	Username    string `db:"username"`
	DisplayName string `db:"display_name"`
}

const resultGameSQL = `
SELECT g.id, COALESCE(g.league_id, 0), g.status, COALESCE(l.game, g.game), COALESCE(l.version, g.version, ''), o.id, o.username, g.number,
       COALESCE(l.name, ''), r.input,
       (SELECT count(*) FROM result_audit a WHERE a.game_id = g.id)::int AS version,
       ARRAY(SELECT lo.user_id FROM league_organisers lo WHERE lo.league_id = l.id ORDER BY lo.user_id),
       COALESCE(l.status, ''),
       COALESCE(l.results_by, g.results_by), COALESCE(l.confirm_hours, g.confirm_hours),
       COALESCE(l.min_recent_games, 0), COALESCE(l.recent_days, 0), COALESCE(l.private, false)
FROM games g LEFT JOIN leagues l ON l.id = g.league_id JOIN users o ON o.id = COALESCE(l.organiser_id, g.organiser_id)
LEFT JOIN results r ON r.game_id = g.id
WHERE g.id = $1`

const gameSeatRefsSQL = `
SELECT s.position, s.user_id, u.username, u.display_name
FROM seats s JOIN users u ON u.id = s.user_id
WHERE s.game_id = $1
ORDER BY s.position`

// ResultGame returns what recording the game's result needs, in one round trip: its
// league, game, organiser, seats and the recorded input; ErrNotFound when there is no such
// game.
func (s *Store) ResultGame(ctx context.Context, gameID int64) (ResultGame, error) {
	g, err := loadResultGame(ctx, s.pool, gameID, resultGameSQL)
	if err != nil {
		return ResultGame{}, fmt.Errorf("store: game %d: %w", gameID, err)
	}
	return g, nil
}

// loadResultGame reads a game and its seats with sql (resultGameSQL, or with FOR UPDATE),
// both in one round trip.
func loadResultGame(ctx context.Context, q querier, gameID int64, sql string) (ResultGame, error) {
	var g ResultGame
	var slug, version string
	var input []byte
	found := false
	batch := &pgx.Batch{}
	batch.Queue(sql, gameID).Query(func(rows pgx.Rows) error {
		_, err := pgx.ForEachRow(rows, []any{&g.ID, &g.LeagueID, &g.Status, &slug, &version, &g.OrganiserID, &g.Organiser, &g.Number, &g.LeagueName, &input,
			&g.Version, &g.CoOrganiserIDs, &g.LeagueStatus, &g.ResultsBy, &g.ConfirmHours,
			&g.ActivityRule.MinRecentGames, &g.ActivityRule.RecentDays, &g.Private},
			func() error { found = true; return nil })
		return err
	})
	batch.Queue(gameSeatRefsSQL, gameID).Query(func(rows pgx.Rows) error {
		var err error
		g.Seats, err = pgx.CollectRows(rows, pgx.RowToStructByName[SeatRef])
		return err
	})
	if err := q.SendBatch(ctx, batch).Close(); err != nil {
		return ResultGame{}, err
	}
	if !found {
		return ResultGame{}, ErrNotFound
	}
	var err error
	if g.Game, err = scoring.GameBySlug(slug); err != nil {
		return ResultGame{}, fmt.Errorf("league %d plays %w", g.LeagueID, err)
	}
	if g.GameVersion, err = g.Game.Version(version); err != nil {
		return ResultGame{}, fmt.Errorf("game %d plays %w", g.ID, err)
	}
	g.Recorded = input
	return g, nil
}

// LeagueSeats returns the game's seats as scoring.ScoreSeated checks a result against them.
func (g ResultGame) LeagueSeats() []scoring.Seat {
	out := make([]scoring.Seat, len(g.Seats))
	for i, s := range g.Seats {
		out[i] = scoring.Seat{Position: s.Position, Player: s.Username}
	}
	return out
}

// ResultWrite is a result checked against its game's seats (scoring.ScoreSeated), ready to
// be stored.
type ResultWrite struct {
	GameID   int64
	ByUserID int64
	// Input is the result as submitted, decoded once (service.DecodeResult); its Body is
	// kept with the result and in the audit trail. service.CheckResult builds a write.
	Input scoring.ResultInput
	// Seated is the checked result.
	Seated scoring.SeatedResult
	// Version is the ResultGame.Version the write was built from; the store refuses the
	// write with ErrStaleResult when the result has moved on since.
	Version int
	// Ladder is the ladder the game is rated on, and LadderLeagueID the league that owns it
	// (nil for a game's public ladder), as service.Ladder names them.
	Ladder         string
	LadderLeagueID *int64
	// LeaguePoints are the league points each seat's player takes, by seat (league.LeaguePoints
	// of its line), as service.CheckResult lays them out; the store writes them as they are.
	LeaguePoints []*big.Rat
	// Reason says why a correction was made, for the history (the result form asks for
	// one; the API takes an optional "reason").
	Reason string
}

// ErrSeatsChanged refuses a result checked against seats that changed before it was stored
// (a player replaced or withdrawn meanwhile).
var ErrSeatsChanged = league.ErrSeatsChanged

const lockResultGameSQL = resultGameSQL + ` FOR UPDATE OF g`

// lockGameLeagueSQL locks the row of the game's league (no row for an unknown game).
const lockGameLeagueSQL = `SELECT 1 FROM leagues WHERE id = (SELECT league_id FROM games WHERE id = $1) FOR UPDATE`
