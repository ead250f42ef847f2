// Package service holds TableStakes' services, one per area: each owns its transactions.
// It loads what a rule decides on under the league's row lock (store), asks the pure
// package (league), saves the outcome and writes the outbox rows (store), and commits; it
// decides nothing itself.
package service

import (
	"context"
	"crypto/rand"
	"encoding/binary"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/tablestakes/tablestakes/league"
	"github.com/tablestakes/tablestakes/store"
)

// Leagues is the leagues area's service: a league's creation, its joins and leaves, its
// endings and reopening, its edits, co-organisers, replacements, withdrawals and deletion.
type Leagues struct {
	store *store.Store
}

// NewLeagues returns the leagues service on st.
func NewLeagues(st *store.Store) *Leagues {
	return &Leagues{store: st}
}

// manage starts a league operation inside tx: it locks the league's row (so every operation
// on one league, joins included, happens one at a time), asks league.Require whether the
// user has at least role need and returns the league as locked.
func (s *Leagues) manage(ctx context.Context, tx pgx.Tx, leagueID, userID int64, need league.Role) (store.LockedLeague, error) {
	l, err := s.store.LockLeague(ctx, tx, leagueID)
	if err != nil {
		return store.LockedLeague{}, err
	}
	role, err := s.role(ctx, tx, leagueID, userID)
	if err != nil {
		return store.LockedLeague{}, err
	}
	return l, league.Require(role, need)
}

// Role returns the user's role in the league, made of what its rows say the user is to it
// (league.RoleOf): RoleNone for anyone, or userID 0. store.ErrNotFound when no league.
func (s *Leagues) Role(ctx context.Context, leagueID, userID int64) (league.Role, error) {
	t, err := s.store.LeagueTies(ctx, leagueID, userID)
	if err != nil {
		return league.RoleNone, fmt.Errorf("service: role in league %d: %w", leagueID, err)
	}
	return roleOf(t), nil
}

// role is Role inside tx.
func (s *Leagues) role(ctx context.Context, tx pgx.Tx, leagueID, userID int64) (league.Role, error) {
	t, err := s.store.Ties(ctx, tx, leagueID, userID)
	if err != nil {
		return league.RoleNone, err
	}
	return roleOf(t), nil
}

// roleOf is the role the ties make (league.RoleOf).
func roleOf(t store.Ties) league.Role {
	return league.RoleOf(t.Organiser, t.CoOrganiser, t.Member)
}

// Create stores a new open league of nl.Players members (default 8) organised by
// nl.OrganiserID, who need not play. Whether it meets face to face (nl.FaceToFace) is fixed
// here, before anyone joins. No version is the game's default one. Validate nl first (web
// does, naming each field, against the game registry and league.Format.Check); Postgres'
// checks are the last line.
//
// nl.Members, when given, take the league's places at once in that order, without the
// activity rule (a season places its players in their divisions); when they fill it, the
// same transaction draws the schedule and the league is returned running.
func (s *Leagues) Create(ctx context.Context, nl store.NewLeague) (store.League, error) {
	var l store.League
	err := pgx.BeginFunc(ctx, s.store.Pool(), func(tx pgx.Tx) error {
		var err error
		l, err = s.create(ctx, tx, nl)
		return err
	})
	if err != nil {
		return store.League{}, err
	}
	if len(nl.Members) == 0 {
		return l, nil
	}
	return s.store.League(ctx, l.ID)
}

// create is Create inside tx, for a service that creates several leagues in one
// transaction (a season's divisions). The league it returns is as inserted, before any
// member joined.
func (s *Leagues) create(ctx context.Context, tx pgx.Tx, nl store.NewLeague) (store.League, error) {
	l, err := s.store.InsertLeague(ctx, tx, nl)
	if err != nil {
		return store.League{}, err
	}
	if len(nl.Members) == 0 {
		return l, nil
	}
	if len(nl.Members) > l.Players {
		return store.League{}, TooManyMembers(len(nl.Members), l.Players)
	}
	for _, id := range nl.Members {
		if err := s.store.InsertMembership(ctx, tx, l.ID, id); err != nil {
			return store.League{}, err
		}
	}
	if !league.Full(len(nl.Members), l.Players) {
		return l, nil
	}
	locked, err := s.store.LockLeague(ctx, tx, l.ID)
	if err != nil {
		return store.League{}, err
	}
	return l, s.start(ctx, tx, l.ID, locked)
}

// Join makes the user the league's next member and returns the league as it stands
// afterwards. league.Join decides; its refusals are store.ErrAlreadyMember,
// ErrLeagueRunning, ErrLeagueFinished, ErrLeagueFull (all *store.Conflict) and
// *store.InactiveError (the activity rule), and store.ErrNotFound says there is no such league.
//
// The league row is locked for the whole transaction, so joins to one league happen one at
// a time: the member count, the slot and the player's recent games are read under the
// lock, and the unique (league, slot) and (league, user) keys back it up. When the join is
// the N-th, the league's last place (league.Joined.Starts), the same transaction draws the schedule (league.Draw),
// stores every game and seat, and sets the league running.
func (s *Leagues) Join(ctx context.Context, leagueID, userID int64) (store.League, error) {
	return s.JoinInvited(ctx, leagueID, userID, "")
}

// JoinInvited is Join through an invite link: a private league takes only a join with its
// current invite token (none: store.ErrNotFound, as the league is not shown to those not
// invited; a wrong or renewed one: store.ErrInviteInvalid). A public league ignores it.
func (s *Leagues) JoinInvited(ctx context.Context, leagueID, userID int64, invite string) (store.League, error) {
	err := pgx.BeginFunc(ctx, s.store.Pool(), func(tx pgx.Tx) error {
		l, err := s.store.LockLeague(ctx, tx, leagueID)
		if err != nil {
			return err
		}
		j := league.Joining{Status: l.Status, Size: l.Players, Activity: l.Activity}
		if j.Member, err = s.store.Membership(ctx, tx, leagueID, userID); err != nil {
			return err
		}
		// A member hears they joined already, whatever their invite; anyone else's invite
		// is checked before the league says anything more about itself.
		if !j.Member {
			inv, err := s.store.Invitation(ctx, tx, leagueID, userID)
			if err != nil {
				return err
			}
			if inv.Private {
				if inv.Role, err = s.role(ctx, tx, leagueID, userID); err != nil {
					return err
				}
			}
			inv.Presented = invite
			if err := league.Admit(inv); err != nil {
				return err
			}
		}
		if j.Members, err = s.store.MemberCount(ctx, tx, leagueID); err != nil {
			return err
		}
		if j.Activity.On() {
			if j.Recent, err = s.store.RecentGames(ctx, tx, userID, j.Activity.Since(time.Now())); err != nil {
				return err
			}
		}
		joined, err := league.Join(j)
		if err != nil {
			return err
		}
		if err := s.store.InsertMembership(ctx, tx, leagueID, userID); err != nil {
			return err
		}
		if !joined.Starts {
			return nil
		}
		return s.start(ctx, tx, leagueID, l)
	})
	if err != nil {
		return store.League{}, fmt.Errorf("service: join league %d: %w", leagueID, err)
	}
	return s.store.League(ctx, leagueID)
}

// start stores the full league's schedule, drawn by league.Draw from a fresh seed, and sets
// it running, inside the transaction of the N-th member's join: schedule player p is the
// member in slot p. The league hears its schedule is drawn.
func (s *Leagues) start(ctx context.Context, tx pgx.Tx, leagueID int64, l store.LockedLeague) error {
	ms, err := s.store.LeagueMembers(ctx, tx, leagueID)
	if err != nil {
		return err
	}
	seed, err := scheduleSeed()
	if err != nil {
		return err
	}
	sched, err := league.Draw(l.Format(), len(ms), l.FaceToFace, uint64(seed))
	if err != nil {
		return fmt.Errorf("start league: %w", err)
	}
	if err := s.store.InsertSchedule(ctx, tx, leagueID, seed, sched, ms); err != nil {
		return err
	}
	return s.store.InsertLeagueNotice(ctx, tx, fmt.Sprintf("schedule_drawn:league:%d", leagueID),
		store.Notice{Kind: store.NoticeScheduleDrawn, LeagueID: leagueID, Games: len(sched.Games)}, 0)
}

// scheduleSeed draws a random non-negative seed for a league's schedule; it is stored in
// leagues.schedule_seed so the schedule can be rebuilt and audited.
func scheduleSeed() (int64, error) {
	var b [8]byte
	if _, err := rand.Read(b[:]); err != nil {
		return 0, fmt.Errorf("schedule seed: %w", err)
	}
	return int64(binary.BigEndian.Uint64(b[:]) >> 1), nil
}

// Leave takes the user out of an open league and frees their place. A running league is
// refused with a pointer to its organiser, who can replace the member (league.MayChange).
func (s *Leagues) Leave(ctx context.Context, leagueID, userID int64) error {
	err := pgx.BeginFunc(ctx, s.store.Pool(), func(tx pgx.Tx) error {
		l, err := s.manage(ctx, tx, leagueID, userID, league.RoleNone)
		if err != nil {
			return err
		}
		return s.freePlace(ctx, tx, leagueID, userID, userID, l, league.Leave)
	})
	if err != nil {
		return fmt.Errorf("service: leave league %d: %w", leagueID, err)
	}
	return nil
}

// RemoveMember is the organiser taking a member out of an open league, freeing the place.
func (s *Leagues) RemoveMember(ctx context.Context, leagueID, byUserID int64, username string) error {
	err := pgx.BeginFunc(ctx, s.store.Pool(), func(tx pgx.Tx) error {
		l, err := s.manage(ctx, tx, leagueID, byUserID, league.RoleOrganiser)
		if err != nil {
			return err
		}
		id, _, err := s.store.UserByName(ctx, tx, "username", username)
		if err != nil {
			return err
		}
		return s.freePlace(ctx, tx, leagueID, id, byUserID, l, league.Remove)
	})
	if err != nil {
		return fmt.Errorf("service: remove from league %d: %w", leagueID, err)
	}
	return nil
}

// freePlace deletes userID's membership of the locked league when league.MayChange lets
// change (league.Leave or league.Remove) free it, and writes the history line.
func (s *Leagues) freePlace(ctx context.Context, tx pgx.Tx, leagueID, userID, byUserID int64, l store.LockedLeague, change league.Change) error {
	if err := league.MayChange(l.Status, change, l.Organiser); err != nil {
		return err
	}
	freed, err := s.store.DeleteMembership(ctx, tx, leagueID, userID)
	if err != nil {
		return err
	}
	if !freed {
		if change == league.Leave {
			return ErrNotMemberSelf
		}
		return ErrNotMember
	}
	name, err := s.store.Username(ctx, tx, userID)
	if err != nil {
		return err
	}
	action, detail := "leave", name+" left; the place is free again"
	if change == league.Remove {
		action, detail = "remove", name+" was removed; the place is free again"
	}
	return s.store.InsertLeagueEvent(ctx, tx, leagueID, byUserID, action, detail,
		store.EventMessage{ID: "history." + action, Data: map[string]any{"Name": name}})
}

// End is the organiser ending a league by action: "cancel" an open league, "close" a
// running one early (its standings frozen, no more results), "archive" a finished or closed
// one (league.End). Any other state is refused with the states the action needs. A league
// closed early is over: its players hear it finished.
func (s *Leagues) End(ctx context.Context, leagueID, byUserID int64, action string) error {
	ending := league.Ending(action)
	switch ending {
	case league.Cancel, league.Close, league.Archive:
	default:
		return fmt.Errorf("service: end league: unknown action %q", action)
	}
	err := pgx.BeginFunc(ctx, s.store.Pool(), func(tx pgx.Tx) error {
		l, err := s.manage(ctx, tx, leagueID, byUserID, league.RoleOrganiser)
		if err != nil {
			return err
		}
		ended, err := league.End(l.Status, ending)
		if err != nil {
			return err
		}
		if err := s.store.UpdateLeagueEnding(ctx, tx, leagueID, ending); err != nil {
			return err
		}
		if ended.NotifyFinished {
			if err := s.store.InsertLeagueNotice(ctx, tx, fmt.Sprintf("league_finished:league:%d", leagueID),
				store.Notice{Kind: store.NoticeLeagueFinished, LeagueID: leagueID, ClosedEarly: true}, byUserID); err != nil {
				return err
			}
		}
		if err := noticeSeasonEnd(ctx, s.store, tx, leagueID); err != nil {
			return err
		}
		return s.store.InsertLeagueEvent(ctx, tx, leagueID, byUserID, action, ended.Line,
			store.EventMessage{ID: "history.end." + action})
	})
	if err != nil {
		return fmt.Errorf("service: %s league %d: %w", action, leagueID, err)
	}
	return nil
}

// Reopen is the organiser taking back a league's early close or its cancellation within
// league.ReopenWindow (league.Reopen): a closed league runs again, a cancelled one is open
// again. Anything else is a conflict naming why; the league's history says it was reopened.
func (s *Leagues) Reopen(ctx context.Context, leagueID, byUserID int64) error {
	err := pgx.BeginFunc(ctx, s.store.Pool(), func(tx pgx.Tx) error {
		if _, err := s.manage(ctx, tx, leagueID, byUserID, league.RoleOrganiser); err != nil {
			return err
		}
		r, now, err := s.store.Reopening(ctx, tx, leagueID)
		if err != nil {
			return err
		}
		reopened, err := league.Reopen(r, now)
		if err != nil {
			return err
		}
		if err := s.store.UpdateLeagueReopened(ctx, tx, leagueID, reopened.To); err != nil {
			return err
		}
		// A league running again is not finished: its players are not told it is.
		if err := s.store.TakeBackLeagueFinished(ctx, tx, leagueID); err != nil {
			return err
		}
		return s.store.InsertLeagueEvent(ctx, tx, leagueID, byUserID, "reopen", reopened.Line,
			store.EventMessage{ID: "history.reopen." + reopened.To})
	})
	if err != nil {
		return fmt.Errorf("service: reopen league %d: %w", leagueID, err)
	}
	return nil
}

// Edit applies the organiser's edit in one transaction and notes it in the history.
// Validate the values first (web does, against the game registry); a change to the
// schedule's shape once the schedule exists is a *store.Conflict naming the field
// (league.Reshape), and so is a size leaving no place for the join that fills the league
// (league.Resize).
func (s *Leagues) Edit(ctx context.Context, leagueID, byUserID int64, e store.LeagueEdit) error {
	err := pgx.BeginFunc(ctx, s.store.Pool(), func(tx pgx.Tx) error {
		l, err := s.manage(ctx, tx, leagueID, byUserID, league.RoleOrganiser)
		if err != nil {
			return err
		}
		if err := league.Reshape(l.Status, e.Shape()); err != nil {
			return err
		}
		if e.Players != nil {
			members, err := s.store.MemberCount(ctx, tx, leagueID)
			if err != nil {
				return err
			}
			if err := league.Resize(members, *e.Players); err != nil {
				return err
			}
		}
		if err := s.store.UpdateLeague(ctx, tx, leagueID, e); err != nil {
			return err
		}
		if e.Fields() == "nothing" {
			return nil // nothing changed: no line in the history
		}
		return s.store.InsertLeagueEvent(ctx, tx, leagueID, byUserID, "edit", "edited "+e.Fields(),
			store.EventMessage{ID: "history.edit", Data: map[string]any{"Fields": e.FieldKeys()}})
	})
	if err != nil {
		return fmt.Errorf("service: edit league %d: %w", leagueID, err)
	}
	return nil
}

// SetCoOrganiser is the organiser naming (add true) or dropping a co-organiser, who may be
// a member or any other user. The organiser is never their own co-organiser.
func (s *Leagues) SetCoOrganiser(ctx context.Context, leagueID, byUserID int64, username string, add bool) error {
	err := pgx.BeginFunc(ctx, s.store.Pool(), func(tx pgx.Tx) error {
		if _, err := s.manage(ctx, tx, leagueID, byUserID, league.RoleOrganiser); err != nil {
			return err
		}
		id, name, err := s.store.UserByName(ctx, tx, "username", username)
		if err != nil {
			return err
		}
		if id == byUserID {
			return ErrOrganiserAlready
		}
		if add {
			added, err := s.store.InsertCoOrganiser(ctx, tx, leagueID, id, byUserID)
			if err != nil {
				return err
			}
			if !added {
				return CoOrganiserAlready(name)
			}
			return s.store.InsertLeagueEvent(ctx, tx, leagueID, byUserID, "co-organiser", name+" became a co-organiser",
				store.EventMessage{ID: "history.co_organiser.added", Data: map[string]any{"Name": name}})
		}
		dropped, err := s.store.DeleteCoOrganiser(ctx, tx, leagueID, id)
		if err != nil {
			return err
		}
		if !dropped {
			return NotCoOrganiser(name)
		}
		return s.store.InsertLeagueEvent(ctx, tx, leagueID, byUserID, "co-organiser", name+" is no longer a co-organiser",
			store.EventMessage{ID: "history.co_organiser.removed", Data: map[string]any{"Name": name}})
	})
	if err != nil {
		return fmt.Errorf("service: co-organiser of league %d: %w", leagueID, err)
	}
	return nil
}

// Delete is the organiser deleting a league that has no recorded result, whatever its
// status (open, cancelled, running with nothing played, or closed before any result), in
// one transaction under the league's row lock. Its members, games, seats, co-organisers,
// replacements, withdrawals and history go with it. A league with a recorded result is
// refused (league.Delete): its results are in the players' ratings, which a deletion would
// leave without their games, so the organiser closes or archives it instead. Co-organisers
// may never delete a league (store.ErrNotLeagueOrganiser). It returns the deleted league's
// name, for the server's log: the league's own history goes with it.
func (s *Leagues) Delete(ctx context.Context, leagueID, byUserID int64) (string, error) {
	var name string
	err := pgx.BeginFunc(ctx, s.store.Pool(), func(tx pgx.Tx) error {
		l, err := s.manage(ctx, tx, leagueID, byUserID, league.RoleOrganiser)
		if err != nil {
			return err
		}
		recorded, err := s.store.LeagueResults(ctx, tx, leagueID)
		if err != nil {
			return err
		}
		if err := league.Delete(l.Status, recorded); err != nil {
			return err
		}
		if name, err = s.store.LeagueName(ctx, tx, leagueID); err != nil {
			return err
		}
		return s.store.DeleteLeague(ctx, tx, leagueID)
	})
	if err != nil {
		return "", fmt.Errorf("service: delete league %d: %w", leagueID, err)
	}
	return name, nil
}
