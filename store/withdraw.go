package store

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"

	"github.com/tablestakes/tablestakes/scheduler"
	"github.com/tablestakes/tablestakes/scoring"
)

// Withdrawal is a member of a running league who withdrew with no substitute: their played
// games keep their results; their unplayed games went on short-handed, were merged with
// another game or cancelled (scheduler.Withdraw).
type Withdrawal struct {
	Username string `db:"username"`
	UserID   int64  `db:"user_id"`
	// Slot is the place in the league they held, the player number of the schedule.
	Slot int       `db:"slot"`
	At   time.Time `db:"withdrawn_at"`
	// Shortened, Reseated and Cancelled count what became of their unplayed games.
	Shortened int `db:"shortened"`
	Reseated  int `db:"reseated"`
	Cancelled int `db:"cancelled"`
	// Balance is the schedule's balance before and after.
	Balance WithdrawalBalance `db:"balance"`
	// Absent says, for each recorded seat of theirs, whether it was absent (the missing
	// man played it).
	Absent []bool `db:"absent"`
	// Played is how many games they played in the league, which the service counts of
	// Absent (service.Leagues.Withdrawals, league.GamesPlayed); the store leaves it 0.
	Played int `db:"-"`
	// Detail is the history's line of the withdrawal (empty when read back from the store).
	Detail string `db:"-"`
}

// WithdrawalBalance is how a withdrawal changed the schedule's balance: Before counts the
// players of the league as it stood (the one who withdrew included), After the players who
// stay; ShortMin and ShortMax are the least and most shortened games one staying player has.
type WithdrawalBalance struct {
	Before   scheduler.Balance `json:"before"`
	After    scheduler.Balance `json:"after"`
	ShortMin int               `json:"short_min"`
	ShortMax int               `json:"short_max"`
}

const leagueShapeSQL = `
SELECT game, players, players_per_game, face_to_face, first_round_at, round_every_days, time_zone
FROM leagues WHERE id = $1`

// leagueSlotsSQL maps every player who ever held a place in the league to the slot: the
// members, the members replaced out of it and the members who withdrew.
const leagueSlotsSQL = `
SELECT user_id, slot, 'member' AS how FROM memberships WHERE league_id = $1
UNION ALL SELECT from_id, slot, 'replaced' FROM league_replacements WHERE league_id = $1
UNION ALL SELECT user_id, slot, 'withdrawn' FROM league_withdrawals WHERE league_id = $1`

// scheduleRowsSQL reads the league's games with their seats' players in seat order.
const scheduleRowsSQL = `
SELECT g.id, g.number, g.round, g.status,
       ARRAY(SELECT s.user_id FROM seats s WHERE s.game_id = g.id ORDER BY s.position) AS seats
FROM games g WHERE g.league_id = $1 ORDER BY g.number`

const deleteGameSQL = `DELETE FROM games WHERE id = $1`

const deleteGameSeatsSQL = `DELETE FROM seats WHERE game_id = $1`

const insertGameSeatsSQL = `
INSERT INTO seats (game_id, position, user_id)
SELECT $1, t.ord::int, t.user_id FROM unnest($2::bigint[]) WITH ORDINALITY AS t(user_id, ord)`

// reshapeGameSQL records a reshaped game: its round, and its date when it moved to another
// round ($3: the new date, NULL for none); calendars see a new SEQUENCE.
const reshapeGameSQL = `
UPDATE games SET round = $2, sequence = sequence + 1,
    starts_at = CASE WHEN $4 THEN $3 ELSE starts_at END
WHERE id = $1`

// insertWithdrawalSQL dates the withdrawal with clock_timestamp(), not now(): the time this
// transaction holds the league's lock, so two withdrawals are dated in the order they
// happened even when the second began first and waited.
const insertWithdrawalSQL = `
INSERT INTO league_withdrawals (league_id, user_id, slot, withdrawn_by, withdrawn_at, shortened, reseated, cancelled, balance)
VALUES ($1, $2, $3, $4, clock_timestamp(), $5, $6, $7, $8)`

// InsertWithdrawal stores w, decided by byUserID, once its games are reshaped
// (ApplyWithdrawal): the member's place is freed for nobody, the withdrawal is recorded
// with what became of the games, and a league whose last unplayed games were cancelled
// finishes, which finished reports.
func (s *Store) InsertWithdrawal(ctx context.Context, tx pgx.Tx, leagueID, byUserID int64, w Withdrawal) (finished bool, err error) {
	batch := &pgx.Batch{}
	batch.Queue(deleteMembershipSQL, leagueID, w.UserID)
	batch.Queue(insertWithdrawalSQL, leagueID, w.UserID, w.Slot, byUserID, w.Shortened, w.Reseated, w.Cancelled, w.Balance)
	batch.Queue(finishLeagueSQL, leagueID).Exec(func(tag pgconn.CommandTag) error {
		finished = tag.RowsAffected() == 1
		return nil
	})
	if err := tx.SendBatch(ctx, batch).Close(); err != nil {
		return false, fmt.Errorf("store: withdraw: %w", err)
	}
	return finished, nil
}

// WithdrawalPlan is a withdrawal worked out on the locked league: the schedule as the
// scheduler sees it, the options of its reshaping, the reshaped schedule once the service
// sets it (scheduler.Withdraw), and how its games map back to rows and accounts.
type WithdrawalPlan struct {
	Schedule scheduler.Schedule
	Options  scheduler.WithdrawOptions
	// Withdrawal is scheduler.Withdraw(Schedule, Options), which ApplyWithdrawal writes.
	Withdrawal scheduler.Withdrawal
	// gameID maps a game number to its row; user maps a slot to its member's account.
	gameID map[int]int64
	user   map[int]int64
	// rhythm dates a game moved to another round (nil without a rhythm).
	rhythm func(round int) *time.Time
}

// WithdrawalPlan reads the locked league's schedule as the scheduler sees it (player p is
// slot p, whoever holds or held it) and the options to reshape it for the member in slot
// leaver.
func (s *Store) WithdrawalPlan(ctx context.Context, tx pgx.Tx, leagueID int64, leaver int) (WithdrawalPlan, error) {
	p, err := withdrawalPlan(ctx, tx, leagueID, leaver)
	if err != nil {
		return WithdrawalPlan{}, fmt.Errorf("store: withdrawal from league %d: %w", leagueID, err)
	}
	return p, nil
}

// withdrawalPlan is WithdrawalPlan.
func withdrawalPlan(ctx context.Context, tx pgx.Tx, leagueID int64, leaver int) (WithdrawalPlan, error) {
	p := WithdrawalPlan{gameID: map[int]int64{}, user: map[int]int64{}}
	var slug string
	var players, perGame int
	var faceToFace bool
	var first *time.Time
	var every *int
	var zone string
	if err := tx.QueryRow(ctx, leagueShapeSQL, leagueID).Scan(&slug, &players, &perGame, &faceToFace, &first, &every, &zone); err != nil {
		return p, err
	}
	game, err := scoring.GameBySlug(slug)
	if err != nil {
		return p, fmt.Errorf("league %d plays %w", leagueID, err)
	}
	p.rhythm = func(round int) *time.Time {
		if first == nil || every == nil {
			return nil
		}
		loc, err := time.LoadLocation(zone)
		if err != nil {
			loc = time.UTC
		}
		t := RoundStart(first.In(loc), *every, round)
		return &t
	}
	type slotRow struct {
		UserID int64  `db:"user_id"`
		Slot   int    `db:"slot"`
		How    string `db:"how"`
	}
	slots, err := collect[slotRow](ctx, tx, leagueSlotsSQL, leagueID)
	if err != nil {
		return p, err
	}
	slotOf := map[int64]int{}
	var gone []int
	for _, r := range slots {
		slotOf[r.UserID] = r.Slot
		switch r.How {
		case "member":
			p.user[r.Slot] = r.UserID
		case "withdrawn":
			gone = append(gone, r.Slot)
		}
	}
	type gameRow struct {
		ID     int64   `db:"id"`
		Number int     `db:"number"`
		Round  int     `db:"round"`
		Status string  `db:"status"`
		Seats  []int64 `db:"seats"`
	}
	rows, err := collect[gameRow](ctx, tx, scheduleRowsSQL, leagueID)
	if err != nil {
		return p, err
	}
	p.Schedule = scheduler.Schedule{Players: players, PerGame: perGame}
	played := map[int]bool{}
	for _, r := range rows {
		g := scheduler.Game{Number: r.Number, Round: r.Round, Seats: make([]int, len(r.Seats))}
		for i, u := range r.Seats {
			g.Seats[i] = slotOf[u]
		}
		p.Schedule.Games = append(p.Schedule.Games, g)
		played[r.Number] = r.Status == GameFinished
		p.gameID[r.Number] = r.ID
	}
	p.Options = scheduler.WithdrawOptions{Leaver: leaver, Played: played, Gone: gone,
		MinPlayers: game.MinPlayers, Rounds: faceToFace}
	return p, nil
}

// ApplyWithdrawal writes the plan's reshaped games (p.Withdrawal): cancelled games go
// (their seats with them), the others get their new seats in order, their round, and a new
// date when they moved to another round.
func (s *Store) ApplyWithdrawal(ctx context.Context, tx pgx.Tx, p WithdrawalPlan) error {
	batch := &pgx.Batch{}
	for _, c := range p.Withdrawal.Changes {
		id := p.gameID[c.Number]
		if c.Kind == scheduler.Cancelled {
			batch.Queue(deleteGameSQL, id)
			continue
		}
		users := make([]int64, len(c.Seats))
		for i, slot := range c.Seats {
			users[i] = p.user[slot]
			if users[i] == 0 {
				return fmt.Errorf("withdraw: game %d seats slot %d, which no member holds", c.Number, slot)
			}
		}
		moved := c.Moved
		var when *time.Time
		if moved {
			when = p.rhythm(c.Round)
		}
		batch.Queue(deleteGameSeatsSQL, id)
		batch.Queue(insertGameSeatsSQL, id, users)
		batch.Queue(reshapeGameSQL, id, c.Round, when, moved)
	}
	if err := tx.SendBatch(ctx, batch).Close(); err != nil {
		return fmt.Errorf("withdraw: reshape games: %w", err)
	}
	return nil
}

const withdrawalsSQL = `
SELECT u.username, w.user_id, w.slot, w.withdrawn_at, w.shortened, w.reseated, w.cancelled, w.balance,
       ARRAY(SELECT rp.absent FROM result_points rp WHERE rp.league_id = w.league_id AND rp.user_id = w.user_id) AS absent
FROM league_withdrawals w JOIN users u ON u.id = w.user_id
WHERE w.league_id = $1
ORDER BY w.withdrawn_at, w.slot`

// Withdrawals returns the league's withdrawals in the order they happened, Played left for
// the service (service.Leagues.Withdrawals).
func (s *Store) Withdrawals(ctx context.Context, leagueID int64) ([]Withdrawal, error) {
	ws, err := collect[Withdrawal](ctx, s.pool, withdrawalsSQL, leagueID)
	if err != nil {
		return nil, fmt.Errorf("store: withdrawals of league %d: %w", leagueID, err)
	}
	return ws, nil
}
