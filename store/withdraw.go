package store

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"

	"github.com/tablestakes/tablestakes/league"
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
	// Played is how many games they had recorded in the league.
	Played int `db:"played"`
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
SELECT game, players_per_game, face_to_face, first_round_at, round_every_days, time_zone
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

// WithdrawMember is the organiser withdrawing a member of a running league with no
// substitute, in one transaction under the league's row lock. The member's games with a
// result keep it, with its points and ratings; every unplayed game of theirs is reshaped by
// scheduler.Withdraw so the players who stay are as balanced as the games allow: it goes on
// one seat short while it keeps the game's minimum of players, two games left too small
// become one (the player of one takes the empty seat of the other; in a league played in
// rounds the kept game moves to a round after the last when needed, dated by the rhythm if
// there is one), and a game left alone is cancelled. The member's place is freed for
// nobody: the league goes on with the others. The history says what became of each game
// and the balance before and after; a league whose last unplayed games were cancelled
// finishes. Refusals name the field: the league must be running, the username a member
// who has not withdrawn or been replaced.
func (s *Store) WithdrawMember(ctx context.Context, leagueID, byUserID int64, username string) (Withdrawal, error) {
	return s.withdraw(ctx, leagueID, byUserID, username, false)
}

// PreviewWithdrawal is WithdrawMember worked out and rolled back: what would become of the
// member's games and the balance, with the same refusals, and nothing changed.
func (s *Store) PreviewWithdrawal(ctx context.Context, leagueID, byUserID int64, username string) (Withdrawal, error) {
	return s.withdraw(ctx, leagueID, byUserID, username, true)
}

// errPreview rolls a previewed withdrawal back.
var errPreview = errors.New("preview: roll back")

// withdraw runs a withdrawal in one transaction, rolled back when preview.
func (s *Store) withdraw(ctx context.Context, leagueID, byUserID int64, username string, preview bool) (Withdrawal, error) {
	var out Withdrawal
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		status, err := manageLeague(ctx, tx, leagueID, byUserID, RoleOrganiser)
		if err != nil {
			return err
		}
		if err := league.MayChange(status, league.Withdraw, ""); err != nil {
			return err
		}
		id, name, err := userByName(ctx, tx, "username", username)
		if err != nil {
			return err
		}
		who, err := standing(ctx, tx, leagueID, id, name)
		if err != nil {
			return err
		}
		var count int
		if err := tx.QueryRow(ctx, memberCountSQL, leagueID).Scan(&count); err != nil {
			return err
		}
		if err := league.MayWithdraw(who, count); err != nil {
			return err
		}
		var slot int
		if err := tx.QueryRow(ctx, memberSlotSQL, leagueID, id).Scan(&slot); err != nil {
			return err
		}
		// The leaver's unplayed games, locked: a result being recorded for one of them
		// (which takes the league's row first) is either in, and the game played, or waits.
		if _, err := tx.Exec(ctx, lockLeaverGamesSQL, leagueID, id); err != nil {
			return err
		}
		plan, err := planWithdrawal(ctx, tx, leagueID, slot)
		if err != nil {
			return err
		}
		if err := plan.apply(ctx, tx); err != nil {
			return err
		}
		w := plan.withdrawal
		out = Withdrawal{Username: name, UserID: id, Slot: slot, Balance: WithdrawalBalance{
			Before: w.Before, After: w.After, ShortMin: w.ShortMin, ShortMax: w.ShortMax}}
		for _, c := range w.Changes {
			switch {
			case c.Kind == scheduler.Shortened:
				out.Shortened++
			case c.Kind == scheduler.Reseated:
				out.Reseated++
			case c.MergedInto == 0:
				out.Cancelled++
			}
		}
		batch := &pgx.Batch{}
		batch.Queue(deleteMembershipSQL, leagueID, id)
		batch.Queue(insertWithdrawalSQL, leagueID, id, slot, byUserID, out.Shortened, out.Reseated, out.Cancelled, out.Balance)
		var finished bool
		batch.Queue(finishLeagueSQL, leagueID).Exec(func(tag pgconn.CommandTag) error {
			finished = tag.RowsAffected() == 1
			return nil
		})
		if err := tx.SendBatch(ctx, batch).Close(); err != nil {
			return fmt.Errorf("withdraw: %w", err)
		}
		if finished {
			if err := notify(ctx, tx, fmt.Sprintf("league_finished:league:%d", leagueID),
				Notice{Kind: NoticeLeagueFinished, LeagueID: leagueID}, audienceLeague, 0); err != nil {
				return err
			}
		}
		out.Detail = describeWithdrawal(name, plan.withdrawal)
		if err := logEvent(ctx, tx, leagueID, byUserID, "withdraw", out.Detail); err != nil {
			return err
		}
		if preview {
			return errPreview
		}
		return nil
	})
	if preview && errors.Is(err, errPreview) {
		return out, nil
	}
	if err != nil {
		return Withdrawal{}, fmt.Errorf("store: withdraw from league %d: %w", leagueID, err)
	}
	return out, nil
}

// withdrawalPlan is a withdrawal worked out on the locked league: the reshaped schedule
// and how its games map back to rows and accounts.
type withdrawalPlan struct {
	leagueID   int64
	withdrawal scheduler.Withdrawal
	// gameID maps a game number to its row; user maps a slot to its member's account.
	gameID map[int]int64
	user   map[int]int64
	// rhythm dates a game moved to another round (nil without a rhythm).
	rhythm func(round int) *time.Time
}

// planWithdrawal reads the locked league's schedule as the scheduler sees it (player p is
// slot p, whoever holds or held it) and reshapes it for the member in slot leaver.
func planWithdrawal(ctx context.Context, tx pgx.Tx, leagueID int64, leaver int) (withdrawalPlan, error) {
	p := withdrawalPlan{leagueID: leagueID, gameID: map[int]int64{}, user: map[int]int64{}}
	var slug string
	var perGame int
	var faceToFace bool
	var first *time.Time
	var every *int
	var zone string
	if err := tx.QueryRow(ctx, leagueShapeSQL, leagueID).Scan(&slug, &perGame, &faceToFace, &first, &every, &zone); err != nil {
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
	s := scheduler.Schedule{Players: LeagueSize, PerGame: perGame}
	played := map[int]bool{}
	for _, r := range rows {
		g := scheduler.Game{Number: r.Number, Round: r.Round, Seats: make([]int, len(r.Seats))}
		for i, u := range r.Seats {
			g.Seats[i] = slotOf[u]
		}
		s.Games = append(s.Games, g)
		played[r.Number] = r.Status == GameFinished
		p.gameID[r.Number] = r.ID
	}
	p.withdrawal = scheduler.Withdraw(s, scheduler.WithdrawOptions{Leaver: leaver, Played: played, Gone: gone,
		MinPlayers: game.MinPlayers, Rounds: faceToFace})
	return p, nil
}

// apply writes the reshaped games: cancelled games go (their seats with them), the others
// get their new seats in order, their round, and a new date when they moved to another round.
func (p withdrawalPlan) apply(ctx context.Context, tx pgx.Tx) error {
	batch := &pgx.Batch{}
	for _, c := range p.withdrawal.Changes {
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

// describeWithdrawal is the history line of a withdrawal: what became of each unplayed game
// and the pair spread before and after.
func describeWithdrawal(name string, w scheduler.Withdrawal) string {
	var short, cancelled, reseated []string
	for _, c := range w.Changes {
		switch {
		case c.Kind == scheduler.Shortened:
			short = append(short, strconv.Itoa(c.Number))
		case c.Kind == scheduler.Reseated:
			line := fmt.Sprintf("game %d takes the player of game %d", c.Number, c.Merged)
			if c.Moved {
				line += fmt.Sprintf(", moved to round %d", c.Round)
			}
			reseated = append(reseated, line)
		case c.MergedInto == 0:
			cancelled = append(cancelled, strconv.Itoa(c.Number))
		}
	}
	var parts []string
	if len(short) > 0 {
		parts = append(parts, fmt.Sprintf("%s %s %s one player short", plural(len(short), "game", "games"),
			scoring.ListAnd(short), plural(len(short), "goes on", "go on")))
	}
	if len(reseated) > 0 {
		parts = append(parts, strings.Join(reseated, ", ")+" instead")
	}
	if len(cancelled) > 0 {
		parts = append(parts, fmt.Sprintf("%s %s cancelled", plural(len(cancelled), "game", "games"), scoring.ListAnd(cancelled)))
	}
	if len(parts) == 0 {
		parts = append(parts, "no game was left to play")
	}
	return fmt.Sprintf("%s withdrew without a substitute: %s. %s", name, strings.Join(parts, "; "), BalanceChange(w.Before, w.After))
}

// BalanceChange says in words how the pair spread and the games per player moved.
func BalanceChange(before, after scheduler.Balance) string {
	return fmt.Sprintf("Pairs of players meet %s (spread %d) among %d players before, %s (spread %d) among %d after; games per player %s before, %s after.",
		span(before.PairMin, before.PairMax, "time", "times"), before.PairSpread(), before.Players,
		span(after.PairMin, after.PairMax, "time", "times"), after.PairSpread(), after.Players,
		span(before.GamesMin, before.GamesMax, "", ""), span(after.GamesMin, after.GamesMax, "", ""))
}

// span is "4 times" or "4 to 5 times" (without a unit when one and many are empty).
func span(lo, hi int, one, many string) string {
	unit := " " + plural(hi, one, many)
	if one == "" {
		unit = ""
	}
	if lo == hi {
		return strconv.Itoa(lo) + unit
	}
	return fmt.Sprintf("%d to %d%s", lo, hi, unit)
}

const withdrawalsSQL = `
SELECT u.username, w.user_id, w.slot, w.withdrawn_at, w.shortened, w.reseated, w.cancelled, w.balance,
       (SELECT count(*)::int FROM result_points rp WHERE rp.league_id = w.league_id AND rp.user_id = w.user_id) AS played
FROM league_withdrawals w JOIN users u ON u.id = w.user_id
WHERE w.league_id = $1
ORDER BY w.withdrawn_at, w.slot`

// Withdrawals returns the league's withdrawals in the order they happened.
func (s *Store) Withdrawals(ctx context.Context, leagueID int64) ([]Withdrawal, error) {
	ws, err := collect[Withdrawal](ctx, s.pool, withdrawalsSQL, leagueID)
	if err != nil {
		return nil, fmt.Errorf("store: withdrawals of league %d: %w", leagueID, err)
	}
	return ws, nil
}
