package service

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/tablestakes/tablestakes/league"
	"github.com/tablestakes/tablestakes/scoring"
	"github.com/tablestakes/tablestakes/store"
)

// Propose stores w (checked with CheckResult by its proposer, w.ByUserID) as the
// game's proposal, or as the new revision of the proposer's own, which restarts the
// confirmations; the other seated players are told (result_proposed). Refusals:
// store.ErrOrganisersOnly, ErrNotSeated, ErrAbsentSeat (the proposer's seat is absent in
// it), ErrResultRecorded, ErrSeatsChanged, and a *store.Conflict when another player's
// proposal stands.
func (s *Results) Propose(ctx context.Context, w store.ResultWrite) (Proposal, error) {
	if err := league.ResultReason(w.Reason); err != nil {
		return Proposal{}, fmt.Errorf("service: propose the result of game %d: %w", w.GameID, err)
	}
	var out store.Proposal
	err := pgx.BeginFunc(ctx, s.store.Pool(), func(tx pgx.Tx) error {
		g, err := s.store.LockResultGame(ctx, tx, w.GameID)
		if err != nil {
			return err
		}
		// A new proposal or revision opens the game's window from now (league.ProposalCloses).
		now := time.Now()
		closes := league.ProposalCloses(now, g.ConfirmHours)
		if err := MayPropose(g, w.ByUserID); err != nil {
			return err
		}
		if err := sameSeats(g, w.Seated); err != nil {
			return err
		}
		if err := proposesAbsent(g, w.ByUserID, w.Seated); err != nil {
			return err
		}
		switch proposerID, err := s.store.ProposerOf(ctx, tx, g.ID); {
		case errors.Is(err, store.ErrNotFound):
			err = s.store.InsertProposal(ctx, tx, g, w, now, closes)
			if err != nil {
				return err
			}
		case err != nil:
			return err
		case proposerID != w.ByUserID:
			p, err := s.store.LockedProposal(ctx, tx, g.ID)
			if err != nil {
				return err
			}
			return store.ProposalStands(p.Proposer)
		default:
			if err := s.store.UpdateProposal(ctx, tx, g, w, now, closes); err != nil {
				return err
			}
		}
		if out, err = s.store.LockedProposal(ctx, tx, g.ID); err != nil {
			return err
		}
		return s.store.InsertProposalNotice(ctx, tx, store.NoticeResultProposed, g, out, w.Seated, w.ByUserID)
	})
	if err != nil {
		return Proposal{}, fmt.Errorf("service: propose the result of game %d: %w", w.GameID, err)
	}
	return readProposal(out), nil
}

// answerable finds the proposal a answers (confirms or disputes) inside tx: it locks the
// game, reads the proposal, and asks league (mayAnswer, answers).
// Refusals: store.ErrNotSeated, a game that takes no result (ErrResultRecorded, ...), no
// proposal (ErrNotFound), ErrProposalChanged, ErrOwnProposal, ErrAlreadyConfirmed,
// ErrAbsentSeat and ErrProposalDisputed.
func (s *Results) answerable(ctx context.Context, tx pgx.Tx, gameID int64, a league.Answer) (store.ResultGame, store.Proposal, error) {
	g, err := s.store.LockResultGame(ctx, tx, gameID)
	if err != nil {
		return store.ResultGame{}, store.Proposal{}, err
	}
	if err := mayAnswer(g, a.UserID); err != nil {
		return store.ResultGame{}, store.Proposal{}, err
	}
	p, err := s.store.LockedProposal(ctx, tx, gameID)
	if err != nil {
		return store.ResultGame{}, store.Proposal{}, err
	}
	if err := answers(g, p, a); err != nil {
		return store.ResultGame{}, store.Proposal{}, err
	}
	return g, p, nil
}

// Confirm is a seated player's confirmation of the game's proposal (revision 0: the current
// one). The last confirmation (league.Proposal.Completes) records the result exactly as
// the organiser's record would (standings, ratings, outbox), audited as proposed and
// confirmed; recorded says whether it did. Refusals are answerable's.
func (s *Results) Confirm(ctx context.Context, gameID, userID int64, revision int) (recorded bool, err error) {
	err = pgx.BeginFunc(ctx, s.store.Pool(), func(tx pgx.Tx) error {
		recorded, err = s.confirm(ctx, tx, gameID, userID, revision, nil)
		return err
	})
	if err != nil {
		return false, fmt.Errorf("service: confirm the result of game %d: %w", gameID, err)
	}
	return recorded, nil
}

// ConfirmByLink is the confirmation of a result_proposed e-mail's one-tap link (its token):
// its player confirms the revision of the proposal the e-mail was sent for, as Confirm
// does, and the link is used up. It returns the link's game and whether the result is now
// recorded. Refusals: store.ErrNotFound for an unknown token, a *store.Conflict saying why
// for a link that has ended (used, or the window closed), store.ErrProposalChanged when
// the proposal changed or was withdrawn since (nothing is confirmed), and Confirm's.
func (s *Results) ConfirmByLink(ctx context.Context, token string, now time.Time) (gameID int64, recorded bool, err error) {
	err = pgx.BeginFunc(ctx, s.store.Pool(), func(tx pgx.Tx) error {
		link, err := s.store.LockedConfirmLink(ctx, tx, token)
		if err != nil {
			return err
		}
		gameID = link.GameID
		if err := link.EndedRefusal(now); err != nil {
			return err
		}
		recorded, err = s.confirm(ctx, tx, link.GameID, link.UserID, 0, func(p store.Proposal) error {
			if !p.ProposedAt.Equal(link.ProposedAt) {
				return store.ErrProposalChanged
			}
			return nil
		})
		if errors.Is(err, store.ErrNotFound) {
			return store.ErrProposalChanged // withdrawn since
		}
		if err != nil {
			return err
		}
		return s.store.UseConfirmLink(ctx, tx, token)
	})
	if err != nil {
		return gameID, false, fmt.Errorf("service: confirm by link: %w", err)
	}
	return gameID, recorded, nil
}

// confirm is Confirm inside tx, the proposal first passing same (when not nil).
func (s *Results) confirm(ctx context.Context, tx pgx.Tx, gameID, userID int64, revision int, same func(store.Proposal) error) (bool, error) {
	if same != nil {
		if _, err := s.store.LockResultGame(ctx, tx, gameID); err != nil {
			return false, err
		}
		p, err := s.store.LockedProposal(ctx, tx, gameID)
		if err != nil {
			return false, err
		}
		if err := same(p); err != nil {
			return false, err
		}
		revision = p.Revision
	}
	g, p, err := s.answerable(ctx, tx, gameID, league.Answer{UserID: userID, Revision: revision})
	if err != nil {
		return false, err
	}
	if err := s.store.InsertConfirmation(ctx, tx, gameID, userID); err != nil {
		return false, err
	}
	if !leagueProposal(p).Completes(userID) {
		return false, nil
	}
	// Every other seated player has confirmed.
	confirmers := append(slices.Clone(p.ConfirmerIDs), userID)
	names := append(slices.Clone(p.Confirmed), g.Username(userID))
	w, err := tableResult(g, p)
	if err != nil {
		return false, err
	}
	rated, err := s.ratedAs(ctx, tx, g, w)
	if err != nil {
		return false, err
	}
	rec, err := s.store.InsertTableResult(ctx, tx, g, w, rated, store.TableRecord{ProposerID: p.ProposerID, ConfirmerIDs: confirmers,
		ActorID: userID, Reason: fmt.Sprintf("proposed by %s; confirmed by %s", p.Proposer, scoring.ListAnd(names))})
	if err != nil {
		return false, err
	}
	if _, err := rateRecorded(ctx, s.store, tx, rec, g.Game.System); err != nil {
		return false, err
	}
	return true, noticeSeasonEnd(ctx, s.store, tx, g.LeagueID)
}

// Dispute is a seated player's dispute of the game's proposal, with its reason
// (league.DisputeReason: 1..league.MaxDisputeReason characters). The window stops; the game
// waits on its organisers' desks with the proposal beside it, and the seated players and
// the organisers are told (result_disputed). A player who had confirmed may dispute: their
// confirmation is withdrawn. Refusals are answerable's, and store.ErrProposalDisputed for a
// second dispute.
func (s *Results) Dispute(ctx context.Context, gameID, userID int64, reason string, revision int) error {
	reason, err := league.DisputeReason(reason)
	if err != nil {
		return err
	}
	err = pgx.BeginFunc(ctx, s.store.Pool(), func(tx pgx.Tx) error {
		g, _, err := s.answerable(ctx, tx, gameID, league.Answer{UserID: userID, Revision: revision, Dispute: true})
		if err != nil {
			return err
		}
		if err := s.store.UpdateDispute(ctx, tx, gameID, userID, reason); err != nil {
			return err
		}
		p, err := s.store.LockedProposal(ctx, tx, gameID)
		if err != nil {
			return err
		}
		w, err := checkProposal(g, p)
		if err != nil {
			return store.ErrProposalOutdated
		}
		return s.store.InsertProposalNotice(ctx, tx, store.NoticeResultDisputed, g, p, w.Seated, userID)
	})
	if err != nil {
		return fmt.Errorf("service: dispute the result of game %d: %w", gameID, err)
	}
	return nil
}

// Withdraw is the proposer taking back their proposal (store.ErrNotProposer for anyone
// else, store.ErrNotFound when none stands).
func (s *Results) Withdraw(ctx context.Context, gameID, userID int64) error {
	err := pgx.BeginFunc(ctx, s.store.Pool(), func(tx pgx.Tx) error {
		if _, err := s.store.LockResultGame(ctx, tx, gameID); err != nil {
			return err
		}
		p, err := s.store.LockedProposal(ctx, tx, gameID)
		if err != nil {
			return err
		}
		if p.ProposerID != userID {
			return store.ErrNotProposer
		}
		return s.store.DeleteProposal(ctx, tx, gameID)
	})
	if err != nil {
		return fmt.Errorf("service: withdraw the proposal of game %d: %w", gameID, err)
	}
	return nil
}

// RecordClosedProposals records every proposal whose confirmation window ended by now with
// at least one confirmation and no dispute (store.ClosedProposals), each in its own
// transaction, exactly as the last confirmation would, and returns how many it recorded.
// Every server runs it; the game's lock makes each proposal recorded once. A proposal that
// no longer fits its game (store.ErrProposalOutdated) or whose game was closed stays for
// the organiser.
func (s *Results) RecordClosedProposals(ctx context.Context, now time.Time) (int, error) {
	ids, err := s.store.ClosedProposals(ctx, now)
	if err != nil {
		return 0, err
	}
	recorded := 0
	for _, id := range ids {
		done := false
		err := pgx.BeginFunc(ctx, s.store.Pool(), func(tx pgx.Tx) error {
			g, err := s.store.LockResultGame(ctx, tx, id)
			if err != nil {
				return err
			}
			p, err := s.store.LockedProposal(ctx, tx, id)
			if errors.Is(err, store.ErrNotFound) {
				return nil // recorded, withdrawn or closed meanwhile
			}
			if err != nil {
				return err
			}
			if !recordsAtClose(g, p, now) {
				return nil
			}
			w, err := tableResult(g, p)
			if errors.Is(err, store.ErrProposalOutdated) {
				return nil
			}
			if err != nil {
				return err
			}
			rated, err := s.ratedAs(ctx, tx, g, w)
			if err != nil {
				return err
			}
			rec, err := s.store.InsertTableResult(ctx, tx, g, w, rated, store.TableRecord{ProposerID: p.ProposerID, ConfirmerIDs: p.ConfirmerIDs,
				Reason: fmt.Sprintf("proposed by %s; confirmed by %s; the confirmation window closed with no dispute",
					p.Proposer, scoring.ListAnd(p.Confirmed))})
			if err != nil {
				return err
			}
			if _, err := rateRecorded(ctx, s.store, tx, rec, g.Game.System); err != nil {
				return err
			}
			done = true
			return noticeSeasonEnd(ctx, s.store, tx, g.LeagueID)
		})
		if err != nil {
			return recorded, fmt.Errorf("service: record the closed proposal of game %d: %w", id, err)
		}
		if done {
			recorded++
			if s.Recorded != nil {
				s.Recorded(ctx, id)
			}
		}
	}
	return recorded, nil
}
