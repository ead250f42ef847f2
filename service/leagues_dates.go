package service

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/tablestakes/tablestakes/league"
	"github.com/tablestakes/tablestakes/store"
)

// ScheduleGame sets the date and place of one game, by the league's organiser or a
// co-organiser while the league runs (league.MoveGames), or for a normal game by the
// organiser of its table (league.ScheduleTable). A played game keeps its date
// (league.Reschedule). A change raises the game's sequence, so calendars update the same
// event, and is noted in the league's history.
func (s *Leagues) ScheduleGame(ctx context.Context, gameID, byUserID int64, gs store.GameSchedule) error {
	err := pgx.BeginFunc(ctx, s.store.Pool(), func(tx pgx.Tx) error {
		leagueID, err := s.store.GameLeague(ctx, tx, gameID)
		if err != nil {
			return err
		}
		if leagueID == 0 {
			return s.scheduleTable(ctx, tx, gameID, byUserID, gs)
		}
		// The league's row first, then the game's: every league operation locks in that order.
		l, err := s.manage(ctx, tx, leagueID, byUserID, league.RoleCoOrganiser)
		if err != nil {
			return err
		}
		if err := league.MoveGames(l.Status); err != nil {
			return err
		}
		number, status, err := s.store.LockGame(ctx, tx, gameID)
		if err != nil {
			return err
		}
		if err := league.Reschedule(status == store.GameFinished); err != nil {
			return err
		}
		changed, err := s.store.UpdateGameSchedule(ctx, tx, gameID, gs)
		if err != nil || !changed {
			return err
		}
		return s.store.InsertLeagueEvent(ctx, tx, leagueID, byUserID, "schedule",
			league.ScheduleLine(fmt.Sprintf("game %d", number), gs.StartsAt, gs.Place), scheduleMessage("game", number, gs))
	})
	if err != nil {
		return fmt.Errorf("service: schedule game %d: %w", gameID, err)
	}
	return nil
}

// scheduleTable sets a normal game's date and place inside tx when league.ScheduleTable
// lets byUserID. A normal game has no league, so no league history.
func (s *Leagues) scheduleTable(ctx context.Context, tx pgx.Tx, gameID, byUserID int64, gs store.GameSchedule) error {
	organiser, status, err := s.store.LockTable(ctx, tx, gameID)
	if err != nil {
		return err
	}
	if err := league.ScheduleTable(organiser, byUserID, status == store.GameFinished); err != nil {
		return err
	}
	_, err = s.store.UpdateGameSchedule(ctx, tx, gameID, gs)
	return err
}

// ScheduleRound sets the date and place of every unplayed game of one round, as
// ScheduleGame does for one game. A round with no game left to play is a conflict
// (league.MoveRound).
func (s *Leagues) ScheduleRound(ctx context.Context, leagueID int64, round int, byUserID int64, gs store.GameSchedule) error {
	err := pgx.BeginFunc(ctx, s.store.Pool(), func(tx pgx.Tx) error {
		l, err := s.manage(ctx, tx, leagueID, byUserID, league.RoleCoOrganiser)
		if err != nil {
			return err
		}
		if err := league.MoveGames(l.Status); err != nil {
			return err
		}
		ids, err := s.store.LockRoundGames(ctx, tx, leagueID, round)
		if err != nil {
			return err
		}
		if err := league.MoveRound(round, len(ids)); err != nil {
			return err
		}
		changed, err := s.store.UpdateRoundSchedule(ctx, tx, leagueID, round, gs)
		if err != nil || !changed {
			return err
		}
		return s.store.InsertLeagueEvent(ctx, tx, leagueID, byUserID, "schedule",
			league.ScheduleLine(fmt.Sprintf("round %d", round), gs.StartsAt, gs.Place), scheduleMessage("round", round, gs))
	})
	if err != nil {
		return fmt.Errorf("service: schedule round %d of league %d: %w", round, leagueID, err)
	}
	return nil
}

// SetRhythm sets the league's rhythm — round 1 at first, then a round every everyDays
// days at the same local time — and dates every unplayed game by its round, while the
// league is open or running (league.SetRhythm). A league still open keeps the rhythm for
// its schedule, dated when its last member joins. Organiser or co-organiser; every moved
// game's sequence goes up.
func (s *Leagues) SetRhythm(ctx context.Context, leagueID, byUserID int64, first time.Time, everyDays int) error {
	err := pgx.BeginFunc(ctx, s.store.Pool(), func(tx pgx.Tx) error {
		l, err := s.manage(ctx, tx, leagueID, byUserID, league.RoleCoOrganiser)
		if err != nil {
			return err
		}
		if err := league.SetRhythm(l.Status); err != nil {
			return err
		}
		if err := s.store.UpdateLeagueRhythm(ctx, tx, leagueID, first, everyDays); err != nil {
			return err
		}
		return s.store.InsertLeagueEvent(ctx, tx, leagueID, byUserID, "schedule", league.RhythmLine(first, everyDays),
			store.EventMessage{ID: "history.rhythm", Data: map[string]any{
				"At": first.Format(time.RFC3339), "Zone": first.Location().String(), "Count": everyDays}})
	})
	if err != nil {
		return fmt.Errorf("service: rhythm of league %d: %w", leagueID, err)
	}
	return nil
}

// scheduleMessage is the history's message for a new date and place of a game or a round
// (what) numbered number: "history.schedule.game.dated" or ".undated", the time in
// RFC 3339 with its zone's name, the place when there is one.
func scheduleMessage(what string, number int, gs store.GameSchedule) store.EventMessage {
	data := map[string]any{"Number": number, "Place": gs.Place}
	id := "history.schedule." + what + ".undated"
	if gs.StartsAt != nil {
		id = "history.schedule." + what + ".dated"
		data["At"], data["Zone"] = gs.StartsAt.Format(time.RFC3339), gs.StartsAt.Location().String()
	}
	return store.EventMessage{ID: id, Data: data}
}
