package service

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/tablestakes/tablestakes/league"
	"github.com/tablestakes/tablestakes/store"
)

// Results is the results area's service: a game's result recorded and corrected by its
// organisers, or proposed and confirmed by its table, and the players' attendance.
type Results struct {
	store *store.Store
	// Recorded, when set, is told each game whose closed proposal RecordClosedProposals
	// recorded, once its transaction has committed: the sweep names what the result
	// changed to every server's cache (issue #38).
	Recorded func(ctx context.Context, gameID int64)
}

// NewResults returns the results service on st.
func NewResults(st *store.Store) *Results {
	return &Results{store: st}
}

// Record stores a game's result, checked by CheckResult, in one transaction: its
// league points, the game finished (and the league, when it was its last game)
// (store.Store.InsertResult), the game rated on its ladder (rating.RateAppended), the
// rating, the audit row and the notices (store.Store.InsertRating). Only the
// league's organisers may record (store.ErrNotOrganiser); a game is recorded once
// (store.ErrResultRecorded); input problems are *scoring.FieldError, a reason that
// league.ResultReason refuses too, before anything is locked. On any error nothing
// changes.
func (s *Results) Record(ctx context.Context, w store.ResultWrite) (store.GameResult, error) {
	if err := league.ResultReason(w.Reason); err != nil {
		return store.GameResult{}, fmt.Errorf("service: record result of game %d: %w", w.GameID, err)
	}
	var out store.GameResult
	err := pgx.BeginFunc(ctx, s.store.Pool(), func(tx pgx.Tx) error {
		rw, g, err := s.open(ctx, tx, &w, false)
		if err != nil {
			return err
		}
		rec, err := s.store.InsertResult(ctx, tx, rw, w)
		if err != nil {
			return err
		}
		if out, err = rateRecorded(ctx, s.store, tx, rec, g.Game.System); err != nil {
			return err
		}
		out.Inactive = Inactive(g)
		return noticeSeasonEnd(ctx, s.store, tx, out.LeagueID)
	})
	if err != nil {
		return store.GameResult{}, fmt.Errorf("service: record result of game %d: %w", w.GameID, err)
	}
	return out, nil
}

// Correct replaces a recorded result in one transaction: the seats' league points
// (store.Store.UpdateResult), the ladder replayed from that game on (replayLadder), and an
// audit row with the visible diff (store.Store.InsertCorrection). The game keeps its place in the ladder. Refusals are as for
// Record, store.ErrNoResult when the game has no result yet and store.ErrNoChange when the
// correction changes nothing (league.ChangesNothing).
func (s *Results) Correct(ctx context.Context, w store.ResultWrite) (store.GameResult, error) {
	if err := league.ResultReason(w.Reason); err != nil {
		return store.GameResult{}, fmt.Errorf("service: correct result of game %d: %w", w.GameID, err)
	}
	var changes store.Changes
	var inactive []store.ActivityState
	err := pgx.BeginFunc(ctx, s.store.Pool(), func(tx pgx.Tx) error {
		rw, g, err := s.open(ctx, tx, &w, true)
		if err != nil {
			return err
		}
		inactive = Inactive(g)
		place, err := s.store.ResultPlace(ctx, tx, g.ID)
		if err != nil {
			return err
		}
		stored, err := s.store.StoredOutcome(ctx, tx, g.ID)
		if err != nil {
			return err
		}
		if league.ChangesNothing(stored, rw.Outcome(w.Seated.Result)) {
			return store.ErrNoChange
		}
		corrected, err := s.store.UpdateResult(ctx, tx, rw, w, place)
		if err != nil {
			return err
		}
		standings, err := replayLadder(ctx, s.store, tx, place.Ladder, place.Seq)
		if err != nil {
			return err
		}
		changes, err = s.store.InsertCorrection(ctx, tx, corrected, standings)
		return err
	})
	if err != nil {
		return store.GameResult{}, fmt.Errorf("service: correct result of game %d: %w", w.GameID, err)
	}
	r, err := s.store.Result(ctx, w.GameID)
	if err != nil {
		return store.GameResult{}, err
	}
	r.Changes, r.Inactive = changes, inactive
	return r, nil
}

// open starts an organiser's result write inside tx, the opening a record and a correction
// share: it locks the game's league and the game, asks league whether the writer may record
// or correct it now (Writable), whether the write was built from the result as it stands
// (league.CurrentVersion) and for the seats as they stand (league.SameSeats), names the
// ladder the game is rated on now (Ladder, into w) and lays the write out for its rows.
func (s *Results) open(ctx context.Context, tx pgx.Tx, w *store.ResultWrite, correction bool) (store.ResultRows, store.ResultGame, error) {
	g, err := s.store.LockResultGame(ctx, tx, w.GameID)
	if err != nil {
		return store.ResultRows{}, store.ResultGame{}, err
	}
	// The ladder as the game stands under its lock: a league made private since the check
	// rates the game on its own ladder.
	w.Ladder, w.LadderLeagueID = Ladder(g)
	if err := Writable(g, w.ByUserID, correction); err != nil {
		return store.ResultRows{}, store.ResultGame{}, err
	}
	// The organisers are warned about players fallen inactive (the activity rule at this
	// write's now, without the game itself), never refused.
	if err := gameActivity(&g, func(since time.Time) ([]store.ActivityState, error) {
		return s.store.LockedGameActivity(ctx, tx, g.ID, since)
	}); err != nil {
		return store.ResultRows{}, store.ResultGame{}, err
	}
	if err := league.CurrentVersion(g.Version, w.Version); err != nil {
		return store.ResultRows{}, store.ResultGame{}, err
	}
	// The seats can change between the check and the write: a replacement or a withdrawal
	// (under the league's row lock, which this write now holds) reseated the game.
	if err := sameSeats(g, w.Seated); err != nil {
		return store.ResultRows{}, store.ResultGame{}, err
	}
	rated, err := s.ratedAs(ctx, tx, g, *w)
	if err != nil {
		return store.ResultRows{}, store.ResultGame{}, err
	}
	rw, err := s.store.ResultRows(ctx, tx, g, *w, rated)
	if err != nil {
		return store.ResultRows{}, store.ResultGame{}, err
	}
	return rw, g, nil
}

// ratedAs finds, inside tx, the ladder member each seat of w rated in place of its player
// is rated as (league.RatedAs: an absent Diplomacy seat is the ladder's Seventh Player), by
// seat index; none for a write without such seats.
func (s *Results) ratedAs(ctx context.Context, tx pgx.Tx, g store.ResultGame, w store.ResultWrite) (map[int]store.SeatRef, error) {
	var rated map[int]store.SeatRef
	for i, l := range w.Seated.Lines {
		kind := league.RatedAs(g.Game.System, l.Absent)
		if kind == "" {
			continue
		}
		m, err := ladderMember(ctx, s.store, tx, kind, w.Ladder)
		if err != nil {
			return nil, err
		}
		if rated == nil {
			rated = map[int]store.SeatRef{}
		}
		rated[i] = m
	}
	return rated, nil
}

// SetAttendance is a seated player's answer for a game not yet recorded: "I'll be there"
// (coming) or "I can't come" (league.Attends): a *store.Forbidden for anyone else,
// store.ErrGamePlayed once recorded, store.ErrNotFound when there is no such game.
func (s *Results) SetAttendance(ctx context.Context, gameID, userID int64, coming bool) error {
	err := pgx.BeginFunc(ctx, s.store.Pool(), func(tx pgx.Tx) error {
		a, err := s.store.LockedAttendee(ctx, tx, gameID, userID)
		if err != nil {
			return err
		}
		if err := attends(a); err != nil {
			return err
		}
		return s.store.UpsertAttendance(ctx, tx, gameID, userID, coming, time.Now())
	})
	if err != nil {
		return fmt.Errorf("service: attendance at game %d: %w", gameID, err)
	}
	return nil
}

// FinishSupercat finishes ownerID's SUPERCAT companion game as a rated solo Arcs game, in
// one transaction: openSupercatRated opens the rated game with its result,
// which is decoded and checked here and which the player records as an organiser records any
// result (Record's path), and the companion game is linked to it. A finished game is a *store.Conflict; bad Power a
// *scoring.FieldError, bad ambition results scoring.FieldErrors. Returns the rated game's id.
func (s *Results) FinishSupercat(ctx context.Context, gameID, ownerID int64, final store.SupercatFinal) (int64, error) {
	var rated store.SupercatRated
	err := pgx.BeginFunc(ctx, s.store.Pool(), func(tx pgx.Tx) error {
		var err error
		if rated, err = openSupercatRated(ctx, s.store, tx, gameID, ownerID, final); err != nil {
			return err
		}
		in, err := DecodeResult(rated.Game, rated.Body)
		if err != nil {
			return err
		}
		w, err := CheckResult(rated.Game, ownerID, in)
		if err != nil {
			return err
		}
		rw, g, err := s.open(ctx, tx, &w, false)
		if err != nil {
			return err
		}
		rec, err := s.store.InsertResult(ctx, tx, rw, w)
		if err != nil {
			return err
		}
		if _, err := rateRecorded(ctx, s.store, tx, rec, g.Game.System); err != nil {
			return err
		}
		return s.store.UpdateSupercatRated(ctx, tx, gameID, rated)
	})
	if err != nil {
		return 0, fmt.Errorf("service: finish SUPERCAT game %d: %w", gameID, err)
	}
	return rated.GameID, nil
}
