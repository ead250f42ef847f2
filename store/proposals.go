package store

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/tablestakes/tablestakes/scoring"
)

// Who enters a game's results (CONTRACT section 8): the league's (or normal game's) setting.
const (
	// ResultsByOrganisers lets only the organiser and co-organisers enter results.
	ResultsByOrganisers = "organisers"
	// ResultsByPlayers lets a seated player propose the result, which the table confirms;
	// the organisers still record, correct and override. The default of new leagues.
	ResultsByPlayers = "players"
)

// The confirmation window: how long the table has to confirm or dispute a proposal.
const (
	// DefaultConfirmHours is the window of a league that does not choose one.
	DefaultConfirmHours = 48
	// MaxConfirmHours is the longest window (two weeks).
	MaxConfirmHours = 336
	// MaxDisputeReason is the longest reason a dispute may give, in characters.
	MaxDisputeReason = 500
)

// tableSetting is who enters results and the confirmation window of a new league or
// table, the defaults where they are not given.
func tableSetting(resultsBy string, hours int) (string, int) {
	if resultsBy == "" {
		resultsBy = ResultsByPlayers
	}
	if hours == 0 {
		hours = DefaultConfirmHours
	}
	return resultsBy, hours
}

// Refusals of a proposal, a confirmation or a dispute.
var (
	// ErrOrganisersOnly refuses a proposal where only the organisers enter results.
	ErrOrganisersOnly = &Forbidden{Reason: "result: here only the organisers enter results; players do not propose them"}
	// ErrNotSeated refuses anyone but a player seated at the game.
	ErrNotSeated = &Forbidden{Reason: "only a player seated at this game proposes, confirms or disputes its result"}
	// ErrAbsentSeat refuses a seat played by the missing man (seed 4.1): its player was not at the table.
	ErrAbsentSeat = &Forbidden{Reason: "an absent seat (its power played by the missing man) neither proposes nor confirms the result"}
	// ErrOwnProposal refuses the proposer's confirmation or dispute of their own proposal.
	ErrOwnProposal = &Forbidden{Reason: "proposal: you proposed it; change it or withdraw it instead"}
	// ErrNotProposer refuses a withdrawal by anyone but the proposer.
	ErrNotProposer = &Forbidden{Reason: "proposal: only its proposer withdraws it"}
	// ErrAlreadyConfirmed refuses a second confirmation by the same player.
	ErrAlreadyConfirmed = &Conflict{Reason: "proposal: you have already confirmed it"}
	// ErrProposalDisputed refuses a confirmation or a second dispute of a disputed proposal:
	// the organiser records the result.
	ErrProposalDisputed = &Conflict{Reason: "proposal: disputed; the organiser records this game's result"}
	// ErrProposalChanged refuses a confirmation or dispute of a proposal the proposer has
	// changed since it was read.
	ErrProposalChanged = &Conflict{Reason: "proposal: changed by its proposer since you read it; read it again"}
	// ErrProposalOutdated refuses the recording of a proposal that no longer fits the game
	// (its seats changed since): the proposer changes it, or the organiser records.
	ErrProposalOutdated = &Conflict{Reason: "proposal: no longer fits the game's seats (a player was replaced or withdrew); the proposer must change it"}
)

// proposalStands is the 409 of a proposal while another player's stands.
func proposalStands(proposer string) error {
	return &Conflict{Reason: fmt.Sprintf("proposal: %s has already proposed this game's result; confirm or dispute it", proposer)}
}

// Proposal is a seated player's result waiting for the table's confirmations.
type Proposal struct {
	GameID     int64           `db:"game_id"`
	ProposerID int64           `db:"proposer_id"`
	Proposer   string          `db:"proposer"`
	Input      json.RawMessage `db:"input"`
	// Revision counts the proposer's versions of it, 1 first; a change restarts the
	// confirmations.
	Revision   int       `db:"revision"`
	ProposedAt time.Time `db:"proposed_at"`
	// ClosesAt is when the confirmation window ends.
	ClosesAt time.Time `db:"closes_at"`
	// Confirmed are who confirmed it, in the order they did; Waiting the seated players
	// still asked to (seat order): neither the proposer, nor a bot, nor an absent seat.
	Confirmed []string `db:"confirmed"`
	Waiting   []string `db:"waiting"`
	// ConfirmerIDs are the Confirmed players' accounts, in the same order.
	ConfirmerIDs []int64 `db:"confirmer_ids"`
	// DisputedBy, DisputedAt and DisputeReason describe a dispute; empty/nil without one.
	DisputedBy    string     `db:"disputed_by"`
	DisputedAt    *time.Time `db:"disputed_at"`
	DisputeReason string     `db:"dispute_reason"`
	// LeagueID, LeagueName, Number and Game (the registry slug) name the game.
	LeagueID   int64  `db:"league_id"`
	LeagueName string `db:"league_name"`
	Number     int    `db:"number"`
	Game       string `db:"game_slug"`
}

// Disputed reports whether a seated player disputed the proposal.
func (p Proposal) Disputed() bool { return p.DisputedAt != nil }

// proposalColumns read a proposal with who confirmed it and who is still asked to: every
// seated player but the proposer, the bots (ladder members) and the seats the proposal
// says the missing man played ("absent", seed 4.1), in seat order.
const proposalColumns = `
p.game_id, p.proposer_id, pu.username AS proposer, p.input, p.revision, p.proposed_at, p.closes_at,
COALESCE(g.league_id, 0) AS league_id, COALESCE(l.name, '') AS league_name, g.number, COALESCE(l.game, g.game) AS game_slug,
COALESCE(du.username, '') AS disputed_by, p.disputed_at, p.dispute_reason,
ARRAY(SELECT cu.username FROM result_confirmations c JOIN users cu ON cu.id = c.user_id
      WHERE c.game_id = p.game_id ORDER BY c.confirmed_at, c.user_id) AS confirmed,
ARRAY(SELECT c.user_id FROM result_confirmations c
      WHERE c.game_id = p.game_id ORDER BY c.confirmed_at, c.user_id) AS confirmer_ids,
ARRAY(SELECT su.username FROM seats s JOIN users su ON su.id = s.user_id
      WHERE s.game_id = p.game_id AND s.user_id <> p.proposer_id AND su.member_kind IS NULL
        AND NOT EXISTS (SELECT 1 FROM result_confirmations c WHERE c.game_id = p.game_id AND c.user_id = s.user_id)
        AND NOT EXISTS (SELECT 1 FROM jsonb_array_elements_text(
                            CASE WHEN jsonb_typeof(p.input->'absent') = 'array' THEN p.input->'absent' ELSE '[]' END) a
                        WHERE lower(btrim(a)) = lower(su.username))
      ORDER BY s.position) AS waiting`

const proposalSQL = `
SELECT ` + proposalColumns + `
FROM result_proposals p JOIN users pu ON pu.id = p.proposer_id LEFT JOIN users du ON du.id = p.disputed_by
JOIN games g ON g.id = p.game_id LEFT JOIN leagues l ON l.id = g.league_id
WHERE p.game_id = $1`

const proposalsSQL = `
SELECT ` + proposalColumns + `
FROM result_proposals p JOIN users pu ON pu.id = p.proposer_id LEFT JOIN users du ON du.id = p.disputed_by
JOIN games g ON g.id = p.game_id LEFT JOIN leagues l ON l.id = g.league_id
WHERE p.game_id = ANY($1)`

// Proposal returns the proposal standing for the game, or ErrNotFound.
func (s *Store) Proposal(ctx context.Context, gameID int64) (Proposal, error) {
	p, err := readProposal(ctx, s.pool, gameID)
	if err != nil {
		return Proposal{}, fmt.Errorf("store: proposal of game %d: %w", gameID, err)
	}
	return p, nil
}

// Proposals returns the proposals standing for the given games, by game id.
func (s *Store) Proposals(ctx context.Context, gameIDs []int64) (map[int64]Proposal, error) {
	out := map[int64]Proposal{}
	if len(gameIDs) == 0 {
		return out, nil
	}
	ps, err := collect[Proposal](ctx, s.pool, proposalsSQL, gameIDs)
	if err != nil {
		return nil, fmt.Errorf("store: proposals: %w", err)
	}
	for _, p := range ps {
		out[p.GameID] = p
	}
	return out, nil
}

const seatedProposalsSQL = `
SELECT ` + proposalColumns + `
FROM result_proposals p JOIN users pu ON pu.id = p.proposer_id LEFT JOIN users du ON du.id = p.disputed_by
JOIN games g ON g.id = p.game_id LEFT JOIN leagues l ON l.id = g.league_id
WHERE EXISTS (SELECT 1 FROM seats me WHERE me.game_id = p.game_id AND me.user_id = $1)
ORDER BY p.proposed_at
LIMIT 50`

// SeatedProposals returns the proposals standing for the games the user sits at, oldest
// first: those they are asked to confirm and their own.
func (s *Store) SeatedProposals(ctx context.Context, userID int64) ([]Proposal, error) {
	ps, err := collect[Proposal](ctx, s.pool, seatedProposalsSQL, userID)
	if err != nil {
		return nil, fmt.Errorf("store: proposals of user %d: %w", userID, err)
	}
	return ps, nil
}

// readProposal reads the game's proposal with q (inside a transaction holding the game's
// lock, or not); ErrNotFound when none stands.
func readProposal(ctx context.Context, q querier, gameID int64) (Proposal, error) {
	p, err := collectOne[Proposal](ctx, q, proposalSQL, gameID)
	if errors.Is(err, pgx.ErrNoRows) {
		return Proposal{}, ErrNotFound
	}
	return p, err
}

// lockTable takes the game's league's row lock and then the game's, in the order every
// result write takes them (prepareWrite), and returns the game: a proposal, a
// confirmation, a withdrawal and an organiser's record of one game happen one at a time.
func lockTable(ctx context.Context, tx pgx.Tx, gameID int64) (ResultGame, error) {
	if _, err := tx.Exec(ctx, lockGameLeagueSQL, gameID); err != nil {
		return ResultGame{}, err
	}
	return loadResultGame(ctx, tx, gameID, lockResultGameSQL)
}

// seated reports whether the user sits at the game.
func (g ResultGame) seated(userID int64) bool { return g.table().Seated(userID) }

// PlayersReport reports whether the game's seated players propose its result.
func (g ResultGame) PlayersReport() bool { return g.ResultsBy == ResultsByPlayers }

// MayPropose refuses a proposal by userID before its body is judged
// (league.ResultTable.MayPropose): where only the organisers enter results
// (ErrOrganisersOnly), by anyone not seated (ErrNotSeated), and on a game that takes no
// result (recorded, a table not full, a frozen league). The store asks it again under the
// game's lock.
func (g ResultGame) MayPropose(userID int64) error { return g.refusal(g.table().MayPropose(userID)) }

const lockProposalSQL = `SELECT proposer_id FROM result_proposals WHERE game_id = $1`

const insertProposalSQL = `
INSERT INTO result_proposals (game_id, proposer_id, input, closes_at)
VALUES ($1, $2, $3, now() + make_interval(hours => $4))`

// changeProposalSQL replaces the proposer's proposal: a new revision, a new window, no
// dispute (its confirmations are deleted beside it).
const changeProposalSQL = `
UPDATE result_proposals SET input = $2, revision = revision + 1, proposed_at = now(),
    closes_at = now() + make_interval(hours => $3), disputed_by = NULL, disputed_at = NULL, dispute_reason = ''
WHERE game_id = $1`

const deleteConfirmationsSQL = `DELETE FROM result_confirmations WHERE game_id = $1`

// Propose stores w (checked with ResultGame.Write by its proposer, w.ByUserID) as the
// game's proposal, or as the new revision of the proposer's own, which restarts the
// confirmations; the other seated players are told (result_proposed). Refusals:
// ErrOrganisersOnly, ErrNotSeated, ErrAbsentSeat (the proposer's seat is absent in it),
// ErrResultRecorded, ErrSeatsChanged, and a *Conflict when another player's proposal stands.
func (s *Store) Propose(ctx context.Context, w ResultWrite) (Proposal, error) {
	var out Proposal
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		g, err := lockTable(ctx, tx, w.GameID)
		if err != nil {
			return err
		}
		if err := g.MayPropose(w.ByUserID); err != nil {
			return err
		}
		if err := g.sameSeats(w.Seated); err != nil {
			return err
		}
		for _, l := range w.Seated.Lines {
			if l.Absent && g.Seats[l.Position-1].UserID == w.ByUserID {
				return ErrAbsentSeat
			}
		}
		var proposerID int64
		switch err := tx.QueryRow(ctx, lockProposalSQL, g.ID).Scan(&proposerID); {
		case errors.Is(err, pgx.ErrNoRows):
			if _, err := tx.Exec(ctx, insertProposalSQL, g.ID, w.ByUserID, w.Input, g.ConfirmHours); err != nil {
				return fmt.Errorf("insert proposal: %w", err)
			}
		case err != nil:
			return err
		case proposerID != w.ByUserID:
			p, err := readProposal(ctx, tx, g.ID)
			if err != nil {
				return err
			}
			return proposalStands(p.Proposer)
		default:
			if _, err := tx.Exec(ctx, deleteConfirmationsSQL, g.ID); err != nil {
				return err
			}
			if _, err := tx.Exec(ctx, changeProposalSQL, g.ID, w.Input, g.ConfirmHours); err != nil {
				return fmt.Errorf("change proposal: %w", err)
			}
		}
		if out, err = readProposal(ctx, tx, g.ID); err != nil {
			return err
		}
		n := proposalNotice(NoticeResultProposed, g, out, w.Seated)
		return notify(ctx, tx, proposalEventKey(NoticeResultProposed, out), n, audienceSeats, w.ByUserID)
	})
	if err != nil {
		return Proposal{}, fmt.Errorf("store: propose the result of game %d: %w", w.GameID, err)
	}
	return out, nil
}

// sameSeats refuses a checked result whose seat lines are not the game's seats now
// (ErrSeatsChanged): they changed between the check and the lock.
func (g ResultGame) sameSeats(seated scoring.SeatedResult) error {
	if len(seated.Lines) != len(g.Seats) {
		return ErrSeatsChanged
	}
	for i, l := range seated.Lines {
		if l.Position != g.Seats[i].Position || !strings.EqualFold(l.Player, g.Seats[i].Username) {
			return ErrSeatsChanged
		}
	}
	return nil
}

// proposalEventKey is the outbox key of a proposal's event: one per revision.
func proposalEventKey(kind string, p Proposal) string {
	return fmt.Sprintf("%s:game:%d:%d", kind, p.GameID, p.ProposedAt.UnixMicro())
}

// proposalNotice is the notice of a proposal or its dispute: the proposed result by place.
func proposalNotice(kind string, g ResultGame, p Proposal, seated scoring.SeatedResult) Notice {
	lines := make([]ResultLine, len(seated.Lines))
	for i, l := range seated.Lines {
		lines[i] = ResultLine{Username: l.Player, Points: l.Points, Place: l.Place, Absent: l.Absent}
	}
	n := resultNotice(kind, g, lines, "")
	n.Proposer, n.DisputedBy = p.Proposer, p.DisputedBy
	if kind == NoticeResultDisputed {
		n.Reason = p.DisputeReason
	}
	return n
}

// answerable finds the proposal userID answers (confirms or disputes): it locks the game,
// reads the proposal, and refuses anyone not seated (ErrNotSeated), a recorded game
// (ErrResultRecorded), no proposal (ErrNotFound), a proposal changed since revision was
// read (ErrProposalChanged; revision 0 answers the current one), the proposer
// (ErrOwnProposal) and an absent seat (ErrAbsentSeat). Bots never log in, so never answer.
func answerable(ctx context.Context, tx pgx.Tx, gameID, userID int64, revision int) (ResultGame, Proposal, error) {
	g, err := lockTable(ctx, tx, gameID)
	if err != nil {
		return ResultGame{}, Proposal{}, err
	}
	if !g.seated(userID) {
		return ResultGame{}, Proposal{}, ErrNotSeated
	}
	if err := g.takesResult(false); err != nil {
		return ResultGame{}, Proposal{}, err
	}
	p, err := readProposal(ctx, tx, gameID)
	if err != nil {
		return ResultGame{}, Proposal{}, err
	}
	switch {
	case revision != 0 && revision != p.Revision:
		return ResultGame{}, Proposal{}, ErrProposalChanged
	case p.ProposerID == userID:
		return ResultGame{}, Proposal{}, ErrOwnProposal
	case slices.Contains(p.ConfirmerIDs, userID):
		return g, p, ErrAlreadyConfirmed
	case !slices.ContainsFunc(p.Waiting, func(name string) bool { return name == g.username(userID) }):
		return ResultGame{}, Proposal{}, ErrAbsentSeat
	}
	return g, p, nil
}

// username is the seated player's username ("" when not seated).
func (g ResultGame) username(userID int64) string {
	for _, s := range g.Seats {
		if s.UserID == userID {
			return s.Username
		}
	}
	return ""
}

const insertConfirmationSQL = `INSERT INTO result_confirmations (game_id, user_id) VALUES ($1, $2)`

// Confirm is a seated player's confirmation of the game's proposal (revision 0: the current
// one). The last confirmation records the result exactly as the organiser's record would
// (recordResult: standings, ratings, outbox), audited as proposed and confirmed; recorded
// says whether it did. Refusals are answerable's, and ErrProposalDisputed and
// ErrAlreadyConfirmed.
func (s *Store) Confirm(ctx context.Context, gameID, userID int64, revision int) (recorded bool, err error) {
	err = pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		g, p, err := answerable(ctx, tx, gameID, userID, revision)
		if err != nil {
			return err
		}
		if p.Disputed() {
			return ErrProposalDisputed
		}
		if _, err := tx.Exec(ctx, insertConfirmationSQL, gameID, userID); err != nil {
			return fmt.Errorf("insert confirmation: %w", err)
		}
		if len(p.Waiting) > 1 {
			return nil
		}
		// Every other seated player has confirmed.
		confirmers := append(slices.Clone(p.ConfirmerIDs), userID)
		names := append(slices.Clone(p.Confirmed), g.username(userID))
		recorded = true
		return recordProposal(ctx, tx, g, p, &tableRecord{proposerID: p.ProposerID, confirmerIDs: confirmers, actorID: userID,
			reason: fmt.Sprintf("proposed by %s; confirmed by %s", p.Proposer, scoring.ListAnd(names))})
	})
	if err != nil {
		return false, fmt.Errorf("store: confirm the result of game %d: %w", gameID, err)
	}
	return recorded, nil
}

// recordProposal records the proposal as the table's result, inside tx holding the game's
// lock: checked again against the game's seats now, and written by recordResult.
func recordProposal(ctx context.Context, tx pgx.Tx, g ResultGame, p Proposal, table *tableRecord) error {
	w, err := g.Write(p.ProposerID, p.Input)
	if err != nil {
		var fe *scoring.FieldError
		if errors.As(err, &fe) {
			return ErrProposalOutdated
		}
		return err
	}
	if err := g.sameSeats(w.Seated); err != nil {
		return ErrProposalOutdated
	}
	_, err = recordResult(ctx, tx, w, table)
	return err
}

const disputeProposalSQL = `
UPDATE result_proposals SET disputed_by = $2, disputed_at = now(), dispute_reason = $3 WHERE game_id = $1`

const deleteConfirmationSQL = `DELETE FROM result_confirmations WHERE game_id = $1 AND user_id = $2`

// Dispute is a seated player's dispute of the game's proposal, with its reason (checked by
// the caller: 1..MaxDisputeReason characters). The window stops; the game waits on its
// organisers' desks with the proposal beside it, and the seated players and the organisers
// are told (result_disputed). A player who had confirmed may dispute: their confirmation
// is withdrawn. Refusals are answerable's, and ErrProposalDisputed for a second dispute.
func (s *Store) Dispute(ctx context.Context, gameID, userID int64, reason string, revision int) error {
	if reason = strings.TrimSpace(reason); reason == "" || len([]rune(reason)) > MaxDisputeReason || !postgresText(reason) {
		return &Invalid{Reason: fmt.Sprintf("reason: required, at most %d characters of text", MaxDisputeReason)}
	}
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		g, p, err := answerable(ctx, tx, gameID, userID, revision)
		if err != nil && !errors.Is(err, ErrAlreadyConfirmed) {
			return err
		}
		if p.Disputed() {
			return ErrProposalDisputed
		}
		if _, err := tx.Exec(ctx, deleteConfirmationSQL, gameID, userID); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, disputeProposalSQL, gameID, userID, reason); err != nil {
			return fmt.Errorf("dispute: %w", err)
		}
		if p, err = readProposal(ctx, tx, gameID); err != nil {
			return err
		}
		w, err := g.Write(p.ProposerID, p.Input)
		if err != nil {
			return ErrProposalOutdated
		}
		n := proposalNotice(NoticeResultDisputed, g, p, w.Seated)
		return notify(ctx, tx, proposalEventKey(NoticeResultDisputed, p), n, audienceTable, userID)
	})
	if err != nil {
		return fmt.Errorf("store: dispute the result of game %d: %w", gameID, err)
	}
	return nil
}

// Withdraw is the proposer taking back their proposal (ErrNotProposer for anyone else,
// ErrNotFound when none stands).
func (s *Store) Withdraw(ctx context.Context, gameID, userID int64) error {
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		if _, err := lockTable(ctx, tx, gameID); err != nil {
			return err
		}
		p, err := readProposal(ctx, tx, gameID)
		if err != nil {
			return err
		}
		if p.ProposerID != userID {
			return ErrNotProposer
		}
		_, err = tx.Exec(ctx, closeProposalSQL, gameID)
		return err
	})
	if err != nil {
		return fmt.Errorf("store: withdraw the proposal of game %d: %w", gameID, err)
	}
	return nil
}

// closedProposalsSQL finds the proposals whose window ended by $1 with at least one
// confirmation and no dispute, oldest first.
const closedProposalsSQL = `
SELECT p.game_id FROM result_proposals p
WHERE p.disputed_at IS NULL AND p.closes_at <= $1
  AND EXISTS (SELECT 1 FROM result_confirmations c WHERE c.game_id = p.game_id)
ORDER BY p.closes_at, p.game_id
LIMIT $2`

// closedProposalsBatch bounds the proposals one sweep records.
const closedProposalsBatch = 100

// RecordClosedProposals records every proposal whose confirmation window ended by now with
// at least one confirmation and no dispute, each in its own transaction, exactly as the
// last confirmation would, and returns how many it recorded. Every server runs it; the
// game's lock makes each proposal recorded once. A proposal that no longer fits its game
// (ErrProposalOutdated) or whose game was closed stays for the organiser.
func (s *Store) RecordClosedProposals(ctx context.Context, now time.Time) (int, error) {
	rows, err := s.pool.Query(ctx, closedProposalsSQL, now, closedProposalsBatch)
	if err != nil {
		return 0, fmt.Errorf("store: closed proposals: %w", err)
	}
	ids, err := pgx.CollectRows(rows, pgx.RowTo[int64])
	if err != nil {
		return 0, fmt.Errorf("store: closed proposals: %w", err)
	}
	recorded := 0
	for _, id := range ids {
		done := false
		err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
			g, err := lockTable(ctx, tx, id)
			if err != nil {
				return err
			}
			p, err := readProposal(ctx, tx, id)
			if errors.Is(err, ErrNotFound) {
				return nil // recorded, withdrawn or closed meanwhile
			}
			if err != nil {
				return err
			}
			if p.Disputed() || p.ClosesAt.After(now) || len(p.ConfirmerIDs) == 0 || g.takesResult(false) != nil {
				return nil
			}
			err = recordProposal(ctx, tx, g, p, &tableRecord{proposerID: p.ProposerID, confirmerIDs: p.ConfirmerIDs,
				reason: fmt.Sprintf("proposed by %s; confirmed by %s; the confirmation window closed with no dispute",
					p.Proposer, scoring.ListAnd(p.Confirmed))})
			if errors.Is(err, ErrProposalOutdated) {
				return nil
			}
			done = err == nil
			return err
		})
		if err != nil {
			return recorded, fmt.Errorf("store: record the closed proposal of game %d: %w", id, err)
		}
		if done {
			recorded++
		}
	}
	return recorded, nil
}

// AttendanceAnswer is a seated player's answer for a game: coming, not coming, or nil
// while they have not said.
type AttendanceAnswer struct {
	Position int    `db:"position"`
	UserID   int64  `db:"user_id"`
	Username string `db:"username"`
	Coming   *bool  `db:"coming"`
}

// ErrGamePlayed refuses an attendance answer for a game already recorded.
var ErrGamePlayed = &Conflict{Reason: "attendance: the game is already played and recorded"}

const attendanceSQL = `
SELECT s.position, s.user_id, u.username, a.coming
FROM seats s JOIN users u ON u.id = s.user_id
LEFT JOIN attendance a ON a.game_id = s.game_id AND a.user_id = s.user_id
WHERE s.game_id = $1 AND u.member_kind IS NULL
ORDER BY s.position`

// Attendance returns the answers of the game's seated players (bots, who always come,
// left out), in seat order; ErrNotFound when there is no such game.
func (s *Store) Attendance(ctx context.Context, gameID int64) ([]AttendanceAnswer, error) {
	var exists bool
	if err := s.pool.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM games WHERE id = $1)`, gameID).Scan(&exists); err != nil {
		return nil, fmt.Errorf("store: attendance of game %d: %w", gameID, err)
	}
	if !exists {
		return nil, fmt.Errorf("store: attendance of game %d: %w", gameID, ErrNotFound)
	}
	as, err := collect[AttendanceAnswer](ctx, s.pool, attendanceSQL, gameID)
	if err != nil {
		return nil, fmt.Errorf("store: attendance of game %d: %w", gameID, err)
	}
	return as, nil
}

// GamesAttendance returns the answers of the given games' seated players, by game id.
func (s *Store) GamesAttendance(ctx context.Context, gameIDs []int64) (map[int64][]AttendanceAnswer, error) {
	type row struct {
		GameID int64 `db:"game_id"`
		AttendanceAnswer
	}
	rows, err := collect[row](ctx, s.pool, `
		SELECT s.game_id, s.position, s.user_id, u.username, a.coming
		FROM seats s JOIN users u ON u.id = s.user_id
		LEFT JOIN attendance a ON a.game_id = s.game_id AND a.user_id = s.user_id
		WHERE s.game_id = ANY($1) AND u.member_kind IS NULL
		ORDER BY s.game_id, s.position`, gameIDs)
	if err != nil {
		return nil, fmt.Errorf("store: attendance of games: %w", err)
	}
	out := map[int64][]AttendanceAnswer{}
	for _, r := range rows {
		out[r.GameID] = append(out[r.GameID], r.AttendanceAnswer)
	}
	return out, nil
}

const lockGameStatusSQL = `SELECT status FROM games WHERE id = $1 FOR SHARE`

const setAttendanceSQL = `
INSERT INTO attendance (game_id, user_id, coming) VALUES ($1, $2, $3)
ON CONFLICT (game_id, user_id) DO UPDATE SET coming = EXCLUDED.coming, answered_at = now()`

// SetAttendance is a seated player's answer for a game not yet recorded: "I'll be there"
// (coming) or "I can't come". ErrNotSeated for anyone else, ErrGamePlayed once recorded,
// ErrNotFound when there is no such game.
func (s *Store) SetAttendance(ctx context.Context, gameID, userID int64, coming bool) error {
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		var status string
		err := tx.QueryRow(ctx, lockGameStatusSQL, gameID).Scan(&status)
		if errors.Is(err, pgx.ErrNoRows) {
			return ErrNotFound
		}
		if err != nil {
			return err
		}
		var seated bool
		if err := tx.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM seats WHERE game_id = $1 AND user_id = $2)`,
			gameID, userID).Scan(&seated); err != nil {
			return err
		}
		if !seated {
			return &Forbidden{Reason: "attendance: only a player seated at this game answers for it"}
		}
		if status == GameFinished {
			return ErrGamePlayed
		}
		_, err = tx.Exec(ctx, setAttendanceSQL, gameID, userID, coming)
		return err
	})
	if err != nil {
		return fmt.Errorf("store: attendance at game %d: %w", gameID, err)
	}
	return nil
}

// AttendanceLink is what a reminder's one-tap link answers for: a game and its seated player.
type AttendanceLink struct {
	GameID   int64  `db:"game_id"`
	UserID   int64  `db:"user_id"`
	Username string `db:"username"`
}

// AttendanceLinkOf returns whom a reminder's link answers for; ErrNotFound for an unknown token.
func (s *Store) AttendanceLinkOf(ctx context.Context, token string) (AttendanceLink, error) {
	l, err := collectOne[AttendanceLink](ctx, s.pool, `
		SELECT a.game_id, a.user_id, u.username FROM attendance_links a JOIN users u ON u.id = a.user_id
		WHERE a.token = $1 AND u.deleted_at IS NULL`, token)
	if errors.Is(err, pgx.ErrNoRows) {
		return AttendanceLink{}, fmt.Errorf("store: attendance link: %w", ErrNotFound)
	}
	if err != nil {
		return AttendanceLink{}, fmt.Errorf("store: attendance link: %w", err)
	}
	return l, nil
}
