package store

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/tablestakes/tablestakes/league"
	"github.com/tablestakes/tablestakes/scoring"
)

// Who enters a game's results and the confirmation window (CONTRACT section 8): the
// league's rule (league.ResultsByOrganisers and the rest), named here for the queries.
const (
	ResultsByOrganisers = league.ResultsByOrganisers
	ResultsByPlayers    = league.ResultsByPlayers
	DefaultConfirmHours = league.DefaultConfirmHours
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

// Refusals of a proposal, a confirmation or a dispute: league's (league.ErrNotSeated and
// the others) but ErrNotProposer.
var (
	// ErrOrganisersOnly refuses a proposal where only the organisers enter results.
	ErrOrganisersOnly = league.ErrOrganisersOnly
	// ErrNotSeated refuses anyone but a player seated at the game.
	ErrNotSeated = league.ErrNotSeated
	// ErrAbsentSeat refuses a seat the result says was absent (CONTRACT section 12; in
	// Diplomacy, played by the missing man, seed 4.1): its player was not at the table.
	ErrAbsentSeat = league.ErrAbsentSeat
	// ErrOwnProposal refuses the proposer's confirmation or dispute of their own proposal.
	ErrOwnProposal = league.ErrOwnProposal
	// ErrNotProposer refuses a withdrawal by anyone but the proposer.
	ErrNotProposer = &Forbidden{Reason: "proposal: only its proposer withdraws it", ID: "refusal.not_proposer"}
	// ErrAlreadyConfirmed refuses a second confirmation by the same player.
	ErrAlreadyConfirmed = league.ErrAlreadyConfirmed
	// ErrProposalDisputed refuses a confirmation or a second dispute of a disputed proposal:
	// the organiser records the result.
	ErrProposalDisputed = league.ErrProposalDisputed
	// ErrProposalChanged refuses a confirmation or dispute of a proposal the proposer has
	// changed since it was read.
	ErrProposalChanged = league.ErrProposalChanged
	// ErrProposalOutdated refuses the recording of a proposal that no longer fits the game
	// (its seats changed since): the proposer changes it, or the organiser records.
	ErrProposalOutdated = league.ErrProposalOutdated
)

// proposalStands is the 409 of a proposal while another player's stands.
func proposalStands(proposer string) error {
	return &Conflict{Reason: fmt.Sprintf("proposal: %s has already proposed this game's result; confirm or dispute it", proposer),
		ID: "refusal.proposal_stands", Data: map[string]any{"Proposer": proposer}}
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
	// Confirmed are who confirmed it, in the order they did.
	Confirmed []string `db:"confirmed"`
	// Seats are the game's seats in seat order, each with whether it is a bot, from which
	// the results service finds who is still asked to confirm it (league.Waiting).
	Seats []league.TableSeat `db:"-"`
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
	// TimeZone is the league's, in which pages show the closing time; UTC for a normal game.
	TimeZone string `db:"time_zone"`
}

// Disputed reports whether a seated player disputed the proposal.
func (p Proposal) Disputed() bool { return p.DisputedAt != nil }

// proposalColumns read a proposal with who confirmed it and the game's seats in seat order,
// whether each is a bot (a ladder member) included (proposalRow.proposal).
const proposalColumns = `
p.game_id, p.proposer_id, pu.username AS proposer, p.input, p.revision, p.proposed_at, p.closes_at,
COALESCE(g.league_id, 0) AS league_id, COALESCE(l.name, '') AS league_name, g.number, COALESCE(l.game, g.game) AS game_slug,
COALESCE(l.time_zone, 'UTC') AS time_zone, COALESCE(du.username, '') AS disputed_by, p.disputed_at, p.dispute_reason,
ARRAY(SELECT cu.username FROM result_confirmations c JOIN users cu ON cu.id = c.user_id
      WHERE c.game_id = p.game_id ORDER BY c.confirmed_at, c.user_id) AS confirmed,
ARRAY(SELECT c.user_id FROM result_confirmations c
      WHERE c.game_id = p.game_id ORDER BY c.confirmed_at, c.user_id) AS confirmer_ids,
ARRAY(SELECT s.user_id FROM seats s WHERE s.game_id = p.game_id ORDER BY s.position) AS seat_ids,
ARRAY(SELECT su.username FROM seats s JOIN users su ON su.id = s.user_id
      WHERE s.game_id = p.game_id ORDER BY s.position) AS seat_names,
ARRAY(SELECT su.member_kind IS NOT NULL FROM seats s JOIN users su ON su.id = s.user_id
      WHERE s.game_id = p.game_id ORDER BY s.position) AS seat_bots`

// proposalRow is a proposal as read, with its game's seats.
type proposalRow struct {
	Proposal
	SeatIDs   []int64  `db:"seat_ids"`
	SeatNames []string `db:"seat_names"`
	SeatBots  []bool   `db:"seat_bots"`
}

// proposal is the row's proposal with its game's seats.
func (r proposalRow) proposal() Proposal {
	p := r.Proposal
	p.Seats = make([]league.TableSeat, len(r.SeatIDs))
	for i, id := range r.SeatIDs {
		p.Seats[i] = league.TableSeat{UserID: id, Username: r.SeatNames[i], Bot: r.SeatBots[i]}
	}
	return p
}

// proposals are the rows' proposals (proposalRow.proposal).
func proposals(rows []proposalRow) []Proposal {
	out := make([]Proposal, len(rows))
	for i, r := range rows {
		out[i] = r.proposal()
	}
	return out
}

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
	rows, err := collect[proposalRow](ctx, s.pool, proposalsSQL, gameIDs)
	if err != nil {
		return nil, fmt.Errorf("store: proposals: %w", err)
	}
	for _, p := range proposals(rows) {
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
	rows, err := collect[proposalRow](ctx, s.pool, seatedProposalsSQL, userID)
	if err != nil {
		return nil, fmt.Errorf("store: proposals of user %d: %w", userID, err)
	}
	return proposals(rows), nil
}

// readProposal reads the game's proposal with q (inside a transaction holding the game's
// lock, or not); ErrNotFound when none stands.
func readProposal(ctx context.Context, q querier, gameID int64) (Proposal, error) {
	r, err := collectOne[proposalRow](ctx, q, proposalSQL, gameID)
	if errors.Is(err, pgx.ErrNoRows) {
		return Proposal{}, ErrNotFound
	}
	if err != nil {
		return Proposal{}, err
	}
	return r.proposal(), nil
}

// PlayersReport reports whether the game's seated players propose its result.
func (g ResultGame) PlayersReport() bool { return g.ResultsBy == ResultsByPlayers }

const lockProposalSQL = `SELECT proposer_id FROM result_proposals WHERE game_id = $1`

const insertProposalSQL = `
INSERT INTO result_proposals (game_id, proposer_id, input, proposed_at, closes_at)
VALUES ($1, $2, $3, $4, $5)`

// changeProposalSQL replaces the proposer's proposal: a new revision, a new window, no
// dispute (its confirmations are deleted beside it).
const changeProposalSQL = `
UPDATE result_proposals SET input = $2, revision = revision + 1, proposed_at = $3,
    closes_at = $4, disputed_by = NULL, disputed_at = NULL, dispute_reason = ''
WHERE game_id = $1`

const deleteConfirmationsSQL = `DELETE FROM result_confirmations WHERE game_id = $1`

// ProposalStands refuses a proposal while another player's, proposer's, stands (*Conflict).
func ProposalStands(proposer string) error { return proposalStands(proposer) }

// ProposerOf returns who proposed the game's standing proposal, locking it until tx ends;
// ErrNotFound when none stands.
func (s *Store) ProposerOf(ctx context.Context, tx pgx.Tx, gameID int64) (int64, error) {
	var proposerID int64
	err := tx.QueryRow(ctx, lockProposalSQL, gameID).Scan(&proposerID)
	if errors.Is(err, pgx.ErrNoRows) {
		return 0, ErrNotFound
	}
	return proposerID, err
}

// InsertProposal stores w as the game's proposal, made at proposedAt, its window closing
// at closesAt (league.ProposalCloses).
func (s *Store) InsertProposal(ctx context.Context, tx pgx.Tx, g ResultGame, w ResultWrite, proposedAt, closesAt time.Time) error {
	if _, err := tx.Exec(ctx, insertProposalSQL, g.ID, w.ByUserID, w.Input.Body, proposedAt, closesAt); err != nil {
		return fmt.Errorf("insert proposal: %w", err)
	}
	return nil
}

// UpdateProposal stores w as the new revision of the game's proposal, made at proposedAt:
// its confirmations deleted, its window restarted to close at closesAt
// (league.ProposalCloses), no dispute.
func (s *Store) UpdateProposal(ctx context.Context, tx pgx.Tx, g ResultGame, w ResultWrite, proposedAt, closesAt time.Time) error {
	if _, err := tx.Exec(ctx, deleteConfirmationsSQL, g.ID); err != nil {
		return err
	}
	if _, err := tx.Exec(ctx, changeProposalSQL, g.ID, w.Input.Body, proposedAt, closesAt); err != nil {
		return fmt.Errorf("change proposal: %w", err)
	}
	return nil
}

// LockedProposal returns the game's proposal inside tx (which holds the game's lock);
// ErrNotFound when none stands.
func (s *Store) LockedProposal(ctx context.Context, tx pgx.Tx, gameID int64) (Proposal, error) {
	return readProposal(ctx, tx, gameID)
}

// InsertProposalNotice writes the outbox row of the proposal p's event kind
// (NoticeResultProposed, told to the seated players; NoticeResultDisputed, told to them and
// the organisers), seated being p checked against the game; actorID caused it.
func (s *Store) InsertProposalNotice(ctx context.Context, tx pgx.Tx, kind string, g ResultGame, p Proposal,
	seated scoring.SeatedResult, actorID int64) error {
	audience := audienceSeats
	if kind == NoticeResultDisputed {
		audience = audienceTable
	}
	key := proposalEventKey(kind, p)
	if err := notify(ctx, tx, key, proposalNotice(kind, g, p, seated), audience, actorID); err != nil {
		return err
	}
	if kind != NoticeResultProposed {
		return nil
	}
	if _, err := tx.Exec(ctx, confirmLinksSQL, key, p.GameID, p.ProposedAt, p.ClosesAt); err != nil {
		return fmt.Errorf("notice %s: confirm links: %w", key, err)
	}
	return nil
}

// confirmLinksSQL makes each e-mail recipient of a result_proposed event ($1) their one-tap
// confirm link for that revision of the game's proposal ($2, proposed at $3), ending when
// its window closes ($4), and puts the link's token in their e-mail (only theirs: a
// webhook's payload never holds one). The e-mails' jobs read their rows once this
// transaction commits.
const confirmLinksSQL = `
WITH links AS (
    INSERT INTO confirm_links (token, game_id, user_id, proposed_at, expires_at)
    SELECT replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''), $2, o.user_id, $3, $4
    FROM outbox o WHERE o.event_key = $1 AND o.channel = 'email'
    ON CONFLICT (game_id, user_id, proposed_at) DO UPDATE SET expires_at = EXCLUDED.expires_at
    RETURNING token, user_id
)
UPDATE outbox o SET payload = o.payload || jsonb_build_object('confirm_token', links.token)
FROM links WHERE o.event_key = $1 AND o.channel = 'email' AND o.user_id = links.user_id`

// proposalEventKey is the outbox key of a proposal's event: one per revision.
func proposalEventKey(kind string, p Proposal) string {
	return fmt.Sprintf("%s:game:%d:%d", kind, p.GameID, p.ProposedAt.UnixMicro())
}

// proposalNotice is the notice of a proposal or its dispute: the proposed result by place.
func proposalNotice(kind string, g ResultGame, p Proposal, seated scoring.SeatedResult) Notice {
	lines := make([]ResultLine, len(seated.Lines))
	for i, l := range seated.Lines {
		lines[i] = ResultLine{SeatedLine: l}
	}
	n := resultNotice(kind, g, lines, "")
	n.Proposer, n.DisputedBy = p.Proposer, p.DisputedBy
	n.ProposerName = g.displayName(p.Proposer)
	if p.DisputedBy != "" {
		n.DisputedByName = g.displayName(p.DisputedBy)
	}
	if kind == NoticeResultDisputed {
		n.Reason = p.DisputeReason
	}
	if kind == NoticeResultProposed {
		closes := p.ClosesAt
		n.ClosesAt, n.Revision = &closes, p.Revision
	}
	return n
}

// SettledDispute is a disputed proposal the organiser settled by recording the result: the
// proposal as it was entered, who proposed and who disputed it, and why.
type SettledDispute struct {
	Proposer   string          `db:"proposer"`
	Input      json.RawMessage `db:"input"`
	DisputedBy string          `db:"disputed_by"`
	DisputedAt time.Time       `db:"disputed_at"`
	Reason     string          `db:"dispute_reason"`
}

const settledDisputeSQL = `
SELECT COALESCE(pu.username, '') AS proposer, d.input, COALESCE(du.username, '') AS disputed_by, d.disputed_at, d.dispute_reason
FROM settled_disputes d LEFT JOIN users pu ON pu.id = d.proposer_id LEFT JOIN users du ON du.id = d.disputed_by
WHERE d.game_id = $1`

// SettledDispute returns the dispute settled by the game's recorded result, ErrNotFound when
// none was.
func (s *Store) SettledDispute(ctx context.Context, gameID int64) (SettledDispute, error) {
	rows, err := s.pool.Query(ctx, settledDisputeSQL, gameID)
	if err != nil {
		return SettledDispute{}, fmt.Errorf("store: settled dispute of game %d: %w", gameID, err)
	}
	d, err := pgx.CollectExactlyOneRow(rows, pgx.RowToStructByName[SettledDispute])
	if errors.Is(err, pgx.ErrNoRows) {
		return SettledDispute{}, fmt.Errorf("store: settled dispute of game %d: %w", gameID, ErrNotFound)
	}
	if err != nil {
		return SettledDispute{}, fmt.Errorf("store: settled dispute of game %d: %w", gameID, err)
	}
	return d, nil
}
