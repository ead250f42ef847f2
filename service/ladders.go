package service

import (
	"context"
	"fmt"

	"github.com/jackc/pgx/v5"

	"github.com/tablestakes/tablestakes/rating"
	"github.com/tablestakes/tablestakes/scoring"
	"github.com/tablestakes/tablestakes/store"
)

// Ladders is the rating ladders' service: what a database migrated from an older release
// needs before it is served.
type Ladders struct {
	store *store.Store
}

// NewLadders returns the ladders' service on st.
func NewLadders(st *store.Store) *Ladders {
	return &Ladders{store: st}
}

// Upgrade brings every ladder up to date after the migrations (store.Migrate): each ladder
// still on an older rating rule is rebuilt under the current one (MoveToPotRule), then each
// league's games rated on a ladder its privacy does not give them move to the one it does
// (SortPrivate). Any number of servers starting at once may run it: each ladder and each
// league is done once, and running it again changes nothing.
func (s *Ladders) Upgrade(ctx context.Context) error {
	if _, err := s.MoveToPotRule(ctx); err != nil {
		return err
	}
	_, err := s.SortPrivate(ctx)
	return err
}

// MoveToPotRule brings every ladder whose ledger follows an older rating rule up to
// rating.PotRule and returns the ladders it rebuilt. Each ladder is one transaction: it
// locks the ladder's row (as recording a result does), reads its rule again (another
// process starting at the same time may have done it) and does what rating.UpgradeFrom
// says the rule needs: the Vortex places rescored (scoring.RescorePlaces), the whole ledger
// replayed in recorded order from the stored league points (rating.Replay) and the ratings
// rewritten. On error the ladder is left as it was and the error is returned.
func (s *Ladders) MoveToPotRule(ctx context.Context) ([]string, error) {
	behind, err := s.store.LaddersBehind(ctx)
	if err != nil {
		return nil, fmt.Errorf("service: %w", err)
	}
	var moved []string
	for _, ladder := range behind {
		done := false
		err := pgx.BeginFunc(ctx, s.store.Pool(), func(tx pgx.Tx) error {
			rule, err := s.store.LockLadderRule(ctx, tx, ladder)
			if err != nil {
				return err
			}
			up := rating.UpgradeFrom(rule)
			if !up.Replay {
				return nil
			}
			if up.VortexPlaces {
				if err := s.fixVortexPlaces(ctx, tx, ladder); err != nil {
					return err
				}
			}
			if _, err := replayLadder(ctx, s.store, tx, ladder, 1); err != nil {
				return err
			}
			if err := s.store.SetLadderRule(ctx, tx, ladder, rating.PotRule); err != nil {
				return err
			}
			done = true
			return nil
		})
		if err != nil {
			return moved, fmt.Errorf("service: replay ladder %s under rating rule %d: %w", ladder, rating.PotRule, err)
		}
		if done {
			moved = append(moved, ladder)
		}
	}
	return moved, nil
}

// fixVortexPlaces stores, inside tx, the places of the ladder's Vortex results by score,
// and their output with them, as scoring.RescorePlaces gives them from the stored input. A
// result the scorer now refuses keeps what it has: the replay must not stop a server from
// starting.
func (s *Ladders) fixVortexPlaces(ctx context.Context, tx pgx.Tx, ladder string) error {
	results, err := s.store.LadderResults(ctx, tx, ladder, scoring.Vortex)
	if err != nil {
		return err
	}
	var fixed []store.Rescored
	for _, r := range results {
		places, output, ok, err := scoring.RescorePlaces(scoring.Vortex, r.Input, r.Output)
		if err != nil {
			return fmt.Errorf("Vortex result of game %d: %w", r.GameID, err)
		}
		if ok {
			fixed = append(fixed, store.Rescored{GameID: r.GameID, Places: places, Output: output})
		}
	}
	return s.store.UpdateResultPlaces(ctx, tx, fixed)
}

// SortPrivate moves the games of every league whose results are on the wrong ladder to the
// right one (moveLeagueLadder), one transaction per league under its row lock,
// and returns those leagues. Several processes starting at once move each league's games
// once: the second finds nothing left to move.
func (s *Ladders) SortPrivate(ctx context.Context) ([]int64, error) {
	ids, err := s.store.MisplacedLeagues(ctx)
	if err != nil {
		return nil, fmt.Errorf("service: %w", err)
	}
	var moved []int64
	for _, id := range ids {
		err := pgx.BeginFunc(ctx, s.store.Pool(), func(tx pgx.Tx) error {
			n, err := moveLeagueLadder(ctx, s.store, tx, id)
			if n > 0 {
				moved = append(moved, id)
			}
			return err
		})
		if err != nil {
			return moved, fmt.Errorf("service: move the games of league %d to its ladder: %w", id, err)
		}
	}
	return moved, nil
}
