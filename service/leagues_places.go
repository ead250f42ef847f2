package service

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/jackc/pgx/v5"

	"github.com/tablestakes/tablestakes/league"
	"github.com/tablestakes/tablestakes/scheduler"
	"github.com/tablestakes/tablestakes/scoring"
	"github.com/tablestakes/tablestakes/store"
)

// Replace is the organiser replacing a member of a running league by a substitute, in one
// transaction under the league's row lock: the substitute takes the member's place (slot)
// and every seat of theirs in a game not yet recorded; the games already played keep their
// results, points and ratings under the member who played them, and the standings list
// both. Inside a game, a seat finished by someone else is still the result's "replaced"
// (ARMADA 4.2), whoever holds the seat. league.MayChange and league.MayReplace decide;
// refusals name the field: from must be a member, to a user who is not in the league and
// was never replaced out of it.
func (s *Leagues) Replace(ctx context.Context, leagueID, byUserID int64, from, to string) (store.Replacement, error) {
	var out store.Replacement
	err := pgx.BeginFunc(ctx, s.store.Pool(), func(tx pgx.Tx) error {
		l, err := s.manage(ctx, tx, leagueID, byUserID, league.RoleOrganiser)
		if err != nil {
			return err
		}
		if err := league.MayChange(l.Status, league.Replace, ""); err != nil {
			return err
		}
		fromID, fromName, err := s.store.UserByName(ctx, tx, "from", from)
		if err != nil {
			return err
		}
		toID, toName, err := s.store.UserByName(ctx, tx, "to", to)
		if err != nil {
			return err
		}
		r := league.Replacing{Same: fromID == toID}
		if r.From, err = s.store.Standing(ctx, tx, leagueID, fromID, fromName); err != nil {
			return err
		}
		if r.To, err = s.store.Standing(ctx, tx, leagueID, toID, toName); err != nil {
			return err
		}
		if err := league.MayReplace(r); err != nil {
			return err
		}
		slot, err := s.store.MemberSlot(ctx, tx, leagueID, fromID)
		if err != nil {
			return err
		}
		games, err := s.store.LockUnplayedGames(ctx, tx, leagueID, fromID)
		if err != nil {
			return err
		}
		out = store.Replacement{From: fromName, To: toName, FromID: fromID, Slot: slot, SeatsTaken: len(games)}
		if err := s.store.InsertReplacement(ctx, tx, leagueID, byUserID, fromID, toID, out, games); err != nil {
			return err
		}
		return s.store.InsertLeagueEvent(ctx, tx, leagueID, byUserID, "replace", league.Replaced(fromName, toName, len(games)),
			store.EventMessage{ID: "history.replace", Data: map[string]any{"From": fromName, "To": toName, "Count": len(games)}})
	})
	if err != nil {
		return store.Replacement{}, fmt.Errorf("service: replace in league %d: %w", leagueID, err)
	}
	return out, nil
}

// Withdraw is the organiser withdrawing a member of a running league with no substitute,
// in one transaction under the league's row lock. The member's games with a result keep
// it, with its points and ratings; every unplayed game of theirs is reshaped by
// scheduler.Withdraw so the players who stay are as balanced as the games allow: it goes on
// one seat short while it keeps the game's minimum of players, two games left too small
// become one (the player of one takes the empty seat of the other; in a league played in
// rounds the kept game moves to a round after the last when needed, dated by the rhythm if
// there is one), and a game left alone is cancelled. The member's place is freed for
// nobody: the league goes on with the others. The history says what became of each game
// and the balance before and after; a league whose last unplayed games were cancelled
// finishes. league.MayChange and league.MayWithdraw decide; refusals name the field: the
// league must be running, the username a member who has not withdrawn or been replaced.
func (s *Leagues) Withdraw(ctx context.Context, leagueID, byUserID int64, username string) (store.Withdrawal, error) {
	return s.withdraw(ctx, leagueID, byUserID, username, false)
}

// PreviewWithdrawal is Withdraw worked out and rolled back: what would become of the
// member's games and the balance, with the same refusals, and nothing changed.
func (s *Leagues) PreviewWithdrawal(ctx context.Context, leagueID, byUserID int64, username string) (store.Withdrawal, error) {
	return s.withdraw(ctx, leagueID, byUserID, username, true)
}

// errPreview rolls a previewed withdrawal back.
var errPreview = errors.New("preview: roll back")

// withdraw runs a withdrawal in one transaction, rolled back when preview.
func (s *Leagues) withdraw(ctx context.Context, leagueID, byUserID int64, username string, preview bool) (store.Withdrawal, error) {
	var out store.Withdrawal
	err := pgx.BeginFunc(ctx, s.store.Pool(), func(tx pgx.Tx) error {
		l, err := s.manage(ctx, tx, leagueID, byUserID, league.RoleOrganiser)
		if err != nil {
			return err
		}
		if err := league.MayChange(l.Status, league.Withdraw, ""); err != nil {
			return err
		}
		id, name, err := s.store.UserByName(ctx, tx, "username", username)
		if err != nil {
			return err
		}
		who, err := s.store.Standing(ctx, tx, leagueID, id, name)
		if err != nil {
			return err
		}
		count, err := s.store.MemberCount(ctx, tx, leagueID)
		if err != nil {
			return err
		}
		if err := league.MayWithdraw(who, count); err != nil {
			return err
		}
		slot, err := s.store.MemberSlot(ctx, tx, leagueID, id)
		if err != nil {
			return err
		}
		// The leaver's unplayed games, locked: a result being recorded for one of them
		// (which takes the league's row first) is either in, and the game played, or waits.
		if _, err := s.store.LockUnplayedGames(ctx, tx, leagueID, id); err != nil {
			return err
		}
		plan, err := s.store.WithdrawalPlan(ctx, tx, leagueID, slot)
		if err != nil {
			return err
		}
		plan.Withdrawal = scheduler.Withdraw(plan.Schedule, plan.Options)
		if err := s.store.ApplyWithdrawal(ctx, tx, plan); err != nil {
			return err
		}
		out = withdrawal(name, id, slot, plan.Withdrawal)
		finished, err := s.store.InsertWithdrawal(ctx, tx, leagueID, byUserID, out)
		if err != nil {
			return err
		}
		if finished {
			if err := s.store.InsertLeagueNotice(ctx, tx, fmt.Sprintf("league_finished:league:%d", leagueID),
				store.Notice{Kind: store.NoticeLeagueFinished, LeagueID: leagueID}, 0); err != nil {
				return err
			}
			if err := noticeSeasonEnd(ctx, s.store, tx, leagueID); err != nil {
				return err
			}
		}
		// A withdrawal's line (every game's fate, the balance before and after) is kept in
		// English only for now: the pages show its detail as it is.
		if err := s.store.InsertLeagueEvent(ctx, tx, leagueID, byUserID, "withdraw", out.Detail, store.EventMessage{}); err != nil {
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
		return store.Withdrawal{}, fmt.Errorf("service: withdraw from league %d: %w", leagueID, err)
	}
	return out, nil
}

// withdrawal is the withdrawal of the member name (id, in slot) as w reshaped their games:
// what became of them, the balance, and the history's line.
func withdrawal(name string, id int64, slot int, w scheduler.Withdrawal) store.Withdrawal {
	out := store.Withdrawal{Username: name, UserID: id, Slot: slot, Balance: store.WithdrawalBalance{
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
	out.Detail = describeWithdrawal(name, w)
	return out
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
		parts = append(parts, fmt.Sprintf("%s %s %s one player short", scoring.Plural(len(short), "game", "games"),
			scoring.ListAnd(short), scoring.Plural(len(short), "goes on", "go on")))
	}
	if len(reseated) > 0 {
		parts = append(parts, strings.Join(reseated, ", ")+" instead")
	}
	if len(cancelled) > 0 {
		parts = append(parts, fmt.Sprintf("%s %s cancelled", scoring.Plural(len(cancelled), "game", "games"), scoring.ListAnd(cancelled)))
	}
	if len(parts) == 0 {
		parts = append(parts, "no game was left to play")
	}
	return fmt.Sprintf("%s withdrew without a substitute: %s. %s", name, strings.Join(parts, "; "), BalanceChange(w.Before, w.After))
}

// Replacements returns the league's replacements in the order they happened, each with the
// games the member who left played (league.GamesPlayed: not the seats the missing man
// played for them).
func (s *Leagues) Replacements(ctx context.Context, leagueID int64) ([]store.Replacement, error) {
	rs, err := s.store.Replacements(ctx, leagueID)
	if err != nil {
		return nil, err
	}
	for i := range rs {
		rs[i].Played = league.GamesPlayed(rs[i].Absent)
	}
	return rs, nil
}

// Withdrawals returns the league's withdrawals in the order they happened, each with the
// games the member who withdrew played (league.GamesPlayed: not the seats the missing man
// played for them).
func (s *Leagues) Withdrawals(ctx context.Context, leagueID int64) ([]store.Withdrawal, error) {
	ws, err := s.store.Withdrawals(ctx, leagueID)
	if err != nil {
		return nil, err
	}
	for i := range ws {
		ws[i].Played = league.GamesPlayed(ws[i].Absent)
	}
	return ws, nil
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
	unit := " " + scoring.Plural(hi, one, many)
	if one == "" {
		unit = ""
	}
	if lo == hi {
		return strconv.Itoa(lo) + unit
	}
	return fmt.Sprintf("%d to %d%s", lo, hi, unit)
}
