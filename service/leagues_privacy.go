package service

import (
	"context"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"

	"github.com/tablestakes/tablestakes/league"
	"github.com/tablestakes/tablestakes/store"
)

// SetPrivate is the organiser making the league private (private true: it leaves every
// public list, its pages are for its members and organisers, joining takes the invite link)
// or public again (the invite link stops working). It returns the invite token of a private
// league. Only the organiser; a league that is over is refused (league.SetPrivacy). Asking
// for what the league already is changes nothing (and the link stays). The league's
// recorded games move with it: made private, off the game's public ladder onto a ladder
// of the league's own; made public, into the public ladder in the order they were
// recorded (moveLeagueLadder), both ladders replayed in the same transaction.
func (s *Leagues) SetPrivate(ctx context.Context, leagueID, byUserID int64, private bool) (string, error) {
	var token string
	err := pgx.BeginFunc(ctx, s.store.Pool(), func(tx pgx.Tx) error {
		l, err := s.manage(ctx, tx, leagueID, byUserID, league.RoleOrganiser)
		if err != nil {
			return err
		}
		was, current, err := s.store.LeaguePrivacy(ctx, tx, leagueID)
		if err != nil {
			return err
		}
		change, err := league.SetPrivacy(l.Status, was, private)
		if err != nil {
			return err
		}
		switch {
		case !change.Changes:
			token = current
			return nil
		case private:
			if token, err = s.store.UpdateLeaguePrivate(ctx, tx, leagueID); err != nil {
				return err
			}
		default:
			if err := s.store.UpdateLeaguePublic(ctx, tx, leagueID); err != nil {
				return err
			}
		}
		// The league's recorded games move to the ladder its privacy now gives them.
		if _, err := moveLeagueLadder(ctx, s.store, tx, leagueID); err != nil {
			return err
		}
		msg := store.EventMessage{ID: "history.privacy.public"}
		if private {
			msg.ID = "history.privacy.private"
		}
		return s.store.InsertLeagueEvent(ctx, tx, leagueID, byUserID, "privacy", change.Line, msg)
	})
	if err != nil {
		return "", fmt.Errorf("service: privacy of league %d: %w", leagueID, err)
	}
	return token, nil
}

// RenewInvite gives a private league a new invite token: the old link stops working. Only
// the organiser; a public league has no link to renew (league.RenewInvite).
func (s *Leagues) RenewInvite(ctx context.Context, leagueID, byUserID int64) (string, error) {
	var token string
	err := pgx.BeginFunc(ctx, s.store.Pool(), func(tx pgx.Tx) error {
		if _, err := s.manage(ctx, tx, leagueID, byUserID, league.RoleOrganiser); err != nil {
			return err
		}
		private, _, err := s.store.LeaguePrivacy(ctx, tx, leagueID)
		if err != nil {
			return err
		}
		line, err := league.RenewInvite(private)
		if err != nil {
			return err
		}
		if token, err = s.store.UpdateInviteToken(ctx, tx, leagueID); err != nil {
			return err
		}
		return s.store.InsertLeagueEvent(ctx, tx, leagueID, byUserID, "invite", line, store.EventMessage{ID: "history.invite.renewed"})
	})
	if err != nil {
		return "", fmt.Errorf("service: renew invite of league %d: %w", leagueID, err)
	}
	return token, nil
}

// InviteToken returns a private league's invite token ("" for a public league), for its
// organiser and co-organisers to share (league.Require); others get the role refusal,
// and store.ErrNotFound says there is no such league.
func (s *Leagues) InviteToken(ctx context.Context, leagueID, userID int64) (string, error) {
	role, err := s.Role(ctx, leagueID, userID)
	if err != nil {
		return "", fmt.Errorf("service: invite of league %d: %w", leagueID, err)
	}
	if err := league.Require(role, league.RoleCoOrganiser); err != nil {
		return "", fmt.Errorf("service: invite of league %d: %w", leagueID, err)
	}
	token, err := s.store.InviteToken(ctx, leagueID)
	if err != nil {
		return "", fmt.Errorf("service: invite of league %d: %w", leagueID, err)
	}
	return token, nil
}

// ValidInvite reports whether token opens the private league: it is the league's current
// invite token (league.SameToken). A public league or an unknown one has none.
func (s *Leagues) ValidInvite(ctx context.Context, leagueID int64, token string) (bool, error) {
	current, err := s.store.InviteToken(ctx, leagueID)
	if errors.Is(err, store.ErrNotFound) {
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("service: invite of league %d: %w", leagueID, err)
	}
	return league.SameToken(current, token), nil
}
