package service

import (
	"context"
	"errors"
	"fmt"
	"strconv"

	"github.com/jackc/pgx/v5"

	"github.com/tablestakes/tablestakes/league"
	"github.com/tablestakes/tablestakes/rating"
	"github.com/tablestakes/tablestakes/scoring"
	"github.com/tablestakes/tablestakes/store"
)

// The results and ladders services rate games here: the store reads the ratings and the
// stored results and saves what package rating computes from them; it rates nothing.

// rateRecorded rates rec, a result just stored on its ladder (store.Store.InsertResult), from
// the ratings its members held (rating.RateAppended), and saves the rating with the audit
// row and the notices (store.Store.InsertRating) in the same transaction.
func rateRecorded(ctx context.Context, st *store.Store, tx pgx.Tx, rec store.RecordedResult, system scoring.System) (store.GameResult, error) {
	entries, after, err := rating.RateAppended(rec.Held, ratedGame(rec.GameID, system, rec.Lines))
	if err != nil {
		return store.GameResult{}, ratingError(err)
	}
	return st.InsertRating(ctx, tx, rec, entries, after)
}

// ratedGame is the rating package's view of a scored game: its rated seats
// (scoring.SeatRated: CONTRACT section 12), in seat order, each rated as its player or, for
// a seat rated in place of its player (league.RatedAs: an absent Diplomacy seat), as the
// ladder member the write found for it (store.ResultLine.Member).
func ratedGame(gameID int64, system scoring.System, lines []store.ResultLine) rating.Game {
	g := rating.Game{ID: strconv.FormatInt(gameID, 10), PointsArePot: system.PointsArePot()}
	for _, l := range lines {
		if !scoring.SeatRated(system, l.Absent) {
			continue // the seat was not played
		}
		player := l.Player
		if league.RatedAs(system, l.Absent) != "" {
			player = l.Member
		}
		g.Seats = append(g.Seats, rating.Seat{Player: player, Substitute: l.Substitute, Points: l.Points, Winner: l.Winner})
	}
	return g
}

// replayLadder re-rates a ladder, inside tx and under its lock, from the game at place
// fromSeq on, after that game's result changed (or games moved on or off it): it resumes
// the ladder from the ledger of the games before it (rating.ReplayFrom), replays every later
// game in ladder order from their stored results, saves their ledger lines and the ladder's
// ratings (store.Store.RewriteLadder), and returns the new standings. A seat rated in place
// of its player (league.RatedAs) is rated as the ladder's member of that kind, made on
// first use (store.Store.LadderMember), so a ladder a game moved to has its own.
func replayLadder(ctx context.Context, st *store.Store, tx pgx.Tx, ladder string, fromSeq int64) ([]rating.Standing, error) {
	t, err := st.LadderTail(ctx, tx, ladder, fromSeq)
	if err != nil {
		return nil, err
	}
	members := map[string]store.SeatRef{}
	games := make([]rating.Game, len(t.Games))
	for i, tg := range t.Games {
		games[i] = rating.Game{ID: strconv.FormatInt(tg.GameID, 10), PointsArePot: tg.System.PointsArePot()}
		for _, seat := range tg.Seats {
			if !scoring.SeatRated(tg.System, seat.Absent) {
				continue // the seat was not played (CONTRACT section 12)
			}
			player := seat.Username
			if kind := league.RatedAs(tg.System, seat.Absent); kind != "" {
				m, ok := members[kind]
				if !ok {
					if m, err = ladderMember(ctx, st, tx, kind, ladder); err != nil {
						return nil, fmt.Errorf("service: replay %s: game %d: %w", ladder, tg.GameID, err)
					}
					members[kind] = m
					t.AddMember(m)
				}
				player = m.Username
			} else if seat.UserID == 0 {
				return nil, fmt.Errorf("service: replay %s: game %d: a seat without its player", ladder, tg.GameID)
			}
			games[i].Seats = append(games[i].Seats, rating.Seat{Player: player, Substitute: seat.Substitute,
				Points: seat.Points, Winner: seat.Winner})
		}
	}
	replayed, tail, err := rating.ReplayFrom(t.Prefix, games)
	if err != nil {
		return nil, ratingError(err)
	}
	standings := replayed.Standings()
	if err := st.RewriteLadder(ctx, tx, t, tail, standings); err != nil {
		return nil, err
	}
	return standings, nil
}

// moveLeagueLadder moves the league's recorded games, inside tx, to the ladder its privacy
// gives them (store.Store.MoveLeagueLadder) and replays both ladders from the first game
// that moved on each, the target first. It returns how many games moved.
func moveLeagueLadder(ctx context.Context, st *store.Store, tx pgx.Tx, leagueID int64) (int, error) {
	m, err := st.MoveLeagueLadder(ctx, tx, leagueID)
	if err != nil || m.Moved == 0 {
		return 0, err
	}
	if _, err := replayLadder(ctx, st, tx, m.To, m.ToSeq); err != nil {
		return 0, err
	}
	if _, err := replayLadder(ctx, st, tx, m.From, m.FromSeq); err != nil {
		return 0, err
	}
	return m.Moved, nil
}

// ratingError turns the rating package's refusal of a game into a *scoring.FieldError: the
// only ones reachable after a result is scored are out-of-range amounts.
func ratingError(err error) error {
	var fe *scoring.FieldError
	if errors.As(err, &fe) {
		return err
	}
	if errors.Is(err, rating.ErrOverflow) || errors.Is(err, rating.ErrPotMismatch) || errors.Is(err, rating.ErrTooFewSeats) {
		return &scoring.FieldError{Field: "result", Problem: err.Error()}
	}
	var seat *rating.SeatError
	if errors.As(err, &seat) {
		return &scoring.FieldError{Field: "result", Problem: seat.Error()}
	}
	return err
}

// ladderMember returns, inside tx, the ladder's member of kind (the Seventh Player, a
// SUPERCAT bot), made on first use under the kind's name (rating.MemberKindName).
func ladderMember(ctx context.Context, st *store.Store, tx pgx.Tx, kind, ladder string) (store.SeatRef, error) {
	name, ok := rating.MemberKindName(kind)
	if !ok {
		return store.SeatRef{}, fmt.Errorf("service: no ladder member kind %q", kind)
	}
	return st.LadderMember(ctx, tx, kind, name, ladder)
}
