package store

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/tablestakes/tablestakes/league"
)

// Season is a season as stored (CONTRACT section 10): its settings, its organiser, the season
// it follows and the one that follows it, and its status, finished once every division's
// league is over (finished, closed early or archived).
type Season struct {
	ID             int64  `db:"id"`
	Name           string `db:"name"`
	Game           string `db:"game"`
	Version        string `db:"version"`
	PlayersPerGame int    `db:"players_per_game"`
	DivisionSize   int    `db:"division_size"`
	Promote        int    `db:"promote"`
	FaceToFace     bool   `db:"face_to_face"`
	ResultsBy      string `db:"results_by"`
	ConfirmHours   int    `db:"confirm_hours"`
	OrganiserID    int64  `db:"organiser_id"`
	// Organiser is the organiser's username.
	Organiser string `db:"organiser"`
	// PreviousID is the season this one follows and NextID the one that follows it.
	PreviousID *int64 `db:"previous_id"`
	NextID     *int64 `db:"next_id"`
	// Status is league.SeasonOpen, SeasonRunning or SeasonFinished.
	Status    string     `db:"status"`
	CreatedAt time.Time  `db:"created_at"`
	StartedAt *time.Time `db:"started_at"`
	// SignedUp is how many players are signed up.
	SignedUp int `db:"signed_up"`
}

// NewSeason is what a season's creation supplies. Validate it first (web does, naming each
// field: league.CheckSeason and the game registry); Postgres' checks are the last line.
type NewSeason struct {
	Name           string
	Game           string
	Version        string
	PlayersPerGame int
	DivisionSize   int
	Promote        int
	FaceToFace     bool
	ResultsBy      string
	ConfirmHours   int
	OrganiserID    int64
	PreviousID     *int64
}

// seasonColumns reads a season; the season is finished when it runs and none of its
// divisions' leagues is still open or running.
const seasonColumns = `
s.id, s.name, s.game, s.version, s.players_per_game, s.division_size, s.promote, s.face_to_face,
s.results_by, s.confirm_hours, s.organiser_id, o.username AS organiser, s.previous_id,
(SELECT n.id FROM seasons n WHERE n.previous_id = s.id) AS next_id,
CASE WHEN s.status = 'running' AND NOT EXISTS (
    SELECT 1 FROM season_divisions d JOIN leagues l ON l.id = d.league_id
    WHERE d.season_id = s.id AND l.status IN ('open', 'running'))
THEN 'finished' ELSE s.status END AS status,
s.created_at, s.started_at,
(SELECT count(*) FROM season_signups u WHERE u.season_id = s.id)::int AS signed_up`

const insertSeasonSQL = `
WITH s AS (
    INSERT INTO seasons (name, game, version, players_per_game, division_size, promote, face_to_face,
                         results_by, confirm_hours, organiser_id, previous_id)
    VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
    RETURNING *
)
SELECT ` + seasonColumns + ` FROM s JOIN users o ON o.id = s.organiser_id`

// ErrNextSeason refuses a second next season of one season.
var ErrNextSeason = &Conflict{Reason: "season: its next season is open already", ID: "refusal.next_season_open"}

// InsertSeason stores a new open season organised by ns.OrganiserID. No version is the
// game's default one; no results_by or confirm_hours the leagues' defaults. A season that
// has a next season already is refused (ErrNextSeason).
func (s *Store) InsertSeason(ctx context.Context, tx pgx.Tx, ns NewSeason) (Season, error) {
	resultsBy, hours := tableSetting(ns.ResultsBy, ns.ConfirmHours)
	se, err := collectOne[Season](ctx, tx, insertSeasonSQL, ns.Name, ns.Game, versionOrDefault(ns.Game, ns.Version),
		ns.PlayersPerGame, ns.DivisionSize, ns.Promote, ns.FaceToFace, resultsBy, hours, ns.OrganiserID, ns.PreviousID)
	if isUniqueViolation(err, "seasons_previous_id_key") {
		return Season{}, ErrNextSeason
	}
	if err != nil {
		return Season{}, fmt.Errorf("store: create season %q: %w", ns.Name, err)
	}
	return se, nil
}

const seasonSQL = `SELECT ` + seasonColumns + ` FROM seasons s JOIN users o ON o.id = s.organiser_id WHERE s.id = $1`

// Season returns the season with the given id, or ErrNotFound.
func (s *Store) Season(ctx context.Context, id int64) (Season, error) {
	return season(ctx, s.pool, seasonSQL, id)
}

// LockSeason locks the season's row for the rest of the transaction, so a season's sign-ups,
// start and next season happen one at a time, and reads it. ErrNotFound when none.
func (s *Store) LockSeason(ctx context.Context, tx pgx.Tx, id int64) (Season, error) {
	return season(ctx, tx, seasonSQL+` FOR UPDATE OF s`, id)
}

// SeasonTx is Season read inside tx: after LockSeason, a fresh read sees what the
// transactions that held the lock before committed (a division finished meanwhile).
func (s *Store) SeasonTx(ctx context.Context, tx pgx.Tx, id int64) (Season, error) {
	return season(ctx, tx, seasonSQL, id)
}

// EndedDivisionSeason returns, for a league that is over (finished, closed early or
// archived, read inside tx), the id of the season it is a division of; ErrNotFound for a
// league still playing or that no season made.
func (s *Store) EndedDivisionSeason(ctx context.Context, tx pgx.Tx, leagueID int64) (int64, error) {
	var id int64
	err := tx.QueryRow(ctx, `
		SELECT d.season_id FROM season_divisions d JOIN leagues l ON l.id = d.league_id
		WHERE d.league_id = $1 AND l.status NOT IN ('open', 'running')`, leagueID).Scan(&id)
	if errors.Is(err, pgx.ErrNoRows) {
		return 0, fmt.Errorf("store: season of league %d: %w", leagueID, ErrNotFound)
	}
	if err != nil {
		return 0, fmt.Errorf("store: season of league %d: %w", leagueID, err)
	}
	return id, nil
}

func season(ctx context.Context, q querier, sql string, id int64) (Season, error) {
	se, err := collectOne[Season](ctx, q, sql, id)
	if errors.Is(err, pgx.ErrNoRows) {
		return Season{}, fmt.Errorf("store: season %d: %w", id, ErrNotFound)
	}
	if err != nil {
		return Season{}, fmt.Errorf("store: season %d: %w", id, err)
	}
	return se, nil
}

const seasonsSQL = `
SELECT * FROM (SELECT ` + seasonColumns + ` FROM seasons s JOIN users o ON o.id = s.organiser_id) s
WHERE s.status = ANY($1)
ORDER BY s.id DESC
LIMIT $2`

// Seasons returns the seasons with one of the statuses, newest first, at most 200.
func (s *Store) Seasons(ctx context.Context, statuses ...string) ([]Season, error) {
	ss, err := collect[Season](ctx, s.pool, seasonsSQL, statuses, leagueListLimit)
	if err != nil {
		return nil, fmt.Errorf("store: seasons: %w", err)
	}
	return ss, nil
}

// PlayerSeason is one season of a player's: the season and the division they play in
// (0 while it is open).
type PlayerSeason struct {
	Season
	Division int `db:"division"`
}

const seasonsOfSQL = `
SELECT ` + seasonColumns + `,
    coalesce((SELECT d.number FROM season_divisions d JOIN memberships m ON m.league_id = d.league_id
              WHERE d.season_id = s.id AND m.user_id = $1), 0) AS division
FROM seasons s JOIN users o ON o.id = s.organiser_id
WHERE s.id IN (SELECT season_id FROM season_signups WHERE user_id = $1)
ORDER BY s.id DESC
LIMIT $2`

// SeasonsOf returns the seasons the user signed up for, with their division, newest first,
// at most 200.
func (s *Store) SeasonsOf(ctx context.Context, userID int64) ([]PlayerSeason, error) {
	ss, err := collect[PlayerSeason](ctx, s.pool, seasonsOfSQL, userID, leagueListLimit)
	if err != nil {
		return nil, fmt.Errorf("store: seasons of user %d: %w", userID, err)
	}
	return ss, nil
}

// SignUp is one player signed up for a season: Seq orders the sign-ups (smaller is earlier).
type SignUp struct {
	UserID      int64  `db:"user_id"`
	Username    string `db:"username"`
	DisplayName string `db:"display_name"`
	Seq         int64  `db:"seq"`
}

const signUpsSQL = `
SELECT g.user_id, u.username, u.display_name, g.seq
FROM season_signups g JOIN users u ON u.id = g.user_id
WHERE g.season_id = $1
ORDER BY g.seq`

// SignUps returns the players signed up for the season, in sign-up order.
func (s *Store) SignUps(ctx context.Context, seasonID int64) ([]SignUp, error) {
	return signUps(ctx, s.pool, seasonID)
}

// SignUpsTx is SignUps inside a transaction.
func (s *Store) SignUpsTx(ctx context.Context, tx pgx.Tx, seasonID int64) ([]SignUp, error) {
	return signUps(ctx, tx, seasonID)
}

func signUps(ctx context.Context, q querier, seasonID int64) ([]SignUp, error) {
	us, err := collect[SignUp](ctx, q, signUpsSQL, seasonID)
	if err != nil {
		return nil, fmt.Errorf("store: sign-ups of season %d: %w", seasonID, err)
	}
	return us, nil
}

const insertSignUpSQL = `INSERT INTO season_signups (season_id, user_id) VALUES ($1, $2)`

// InsertSignUp signs the user up for the season; a second sign-up is league.ErrSignedUp.
func (s *Store) InsertSignUp(ctx context.Context, tx pgx.Tx, seasonID, userID int64) error {
	if _, err := tx.Exec(ctx, insertSignUpSQL, seasonID, userID); err != nil {
		if isUniqueViolation(err, "season_signups_pkey") {
			return league.ErrSignedUp
		}
		return fmt.Errorf("store: sign up for season %d: %w", seasonID, err)
	}
	return nil
}

const insertSignUpsSQL = `
INSERT INTO season_signups (season_id, user_id)
SELECT $1, u FROM unnest($2::bigint[]) WITH ORDINALITY AS t(u, n) ORDER BY n`

// InsertSignUps signs the users up for the season, in the order given.
func (s *Store) InsertSignUps(ctx context.Context, tx pgx.Tx, seasonID int64, userIDs []int64) error {
	if _, err := tx.Exec(ctx, insertSignUpsSQL, seasonID, userIDs); err != nil {
		return fmt.Errorf("store: sign up for season %d: %w", seasonID, err)
	}
	return nil
}

const deleteSignUpSQL = `DELETE FROM season_signups WHERE season_id = $1 AND user_id = $2`

// DeleteSignUp withdraws the user's sign-up; league.ErrNotSignedUp when there was none.
func (s *Store) DeleteSignUp(ctx context.Context, tx pgx.Tx, seasonID, userID int64) error {
	tag, err := tx.Exec(ctx, deleteSignUpSQL, seasonID, userID)
	if err != nil {
		return fmt.Errorf("store: withdraw from season %d: %w", seasonID, err)
	}
	if tag.RowsAffected() == 0 {
		return league.ErrNotSignedUp
	}
	return nil
}

// Division is one division of a season: its number (1 on top), its league and the league's
// status, and its members in slot order.
type Division struct {
	Number       int      `db:"number"`
	LeagueID     int64    `db:"league_id"`
	LeagueStatus string   `db:"league_status"`
	Members      []string `db:"members"`
}

const divisionsSQL = `
SELECT d.number, d.league_id, l.status AS league_status,
    coalesce((SELECT array_agg(u.username ORDER BY m.slot) FROM memberships m JOIN users u ON u.id = m.user_id
              WHERE m.league_id = d.league_id), '{}') AS members
FROM season_divisions d JOIN leagues l ON l.id = d.league_id
WHERE d.season_id = $1
ORDER BY d.number`

// Divisions returns the season's divisions, division 1 first; none while it is open.
func (s *Store) Divisions(ctx context.Context, seasonID int64) ([]Division, error) {
	return divisions(ctx, s.pool, seasonID)
}

// DivisionsTx is Divisions read inside tx.
func (s *Store) DivisionsTx(ctx context.Context, tx pgx.Tx, seasonID int64) ([]Division, error) {
	return divisions(ctx, tx, seasonID)
}

func divisions(ctx context.Context, q querier, seasonID int64) ([]Division, error) {
	ds, err := collect[Division](ctx, q, divisionsSQL, seasonID)
	if err != nil {
		return nil, fmt.Errorf("store: divisions of season %d: %w", seasonID, err)
	}
	return ds, nil
}

const insertDivisionSQL = `INSERT INTO season_divisions (season_id, number, league_id) VALUES ($1, $2, $3)`

// InsertDivision makes the league the season's division number.
func (s *Store) InsertDivision(ctx context.Context, tx pgx.Tx, seasonID int64, number int, leagueID int64) error {
	if _, err := tx.Exec(ctx, insertDivisionSQL, seasonID, number, leagueID); err != nil {
		return fmt.Errorf("store: division %d of season %d: %w", number, seasonID, err)
	}
	return nil
}

const startSeasonSQL = `UPDATE seasons SET status = 'running', started_at = now() WHERE id = $1`

// UpdateSeasonStarted sets the season running.
func (s *Store) UpdateSeasonStarted(ctx context.Context, tx pgx.Tx, seasonID int64) error {
	if _, err := tx.Exec(ctx, startSeasonSQL, seasonID); err != nil {
		return fmt.Errorf("store: start season %d: %w", seasonID, err)
	}
	return nil
}

// LadderLine is one player's line on a game's ladder, for a season's ties.
type LadderLine struct {
	Username string `db:"username"`
	Rating   int64  `db:"rating_micros"`
}

const ladderLinesSQL = `
SELECT u.username, r.rating_micros
FROM ratings r JOIN users u ON u.id = r.user_id
WHERE r.ladder = $1 AND u.username = ANY($2)`

// LadderOf returns where each of the players stands on the game's ladder (league.Ladder);
// an unrated player is not Rated.
func (s *Store) LadderOf(ctx context.Context, game string, usernames []string) (map[string]league.Ladder, error) {
	return ladderOf(ctx, s.pool, game, usernames)
}

// LadderOfTx is LadderOf read inside tx.
func (s *Store) LadderOfTx(ctx context.Context, tx pgx.Tx, game string, usernames []string) (map[string]league.Ladder, error) {
	return ladderOf(ctx, tx, game, usernames)
}

func ladderOf(ctx context.Context, q querier, game string, usernames []string) (map[string]league.Ladder, error) {
	ls, err := collect[LadderLine](ctx, q, ladderLinesSQL, game, usernames)
	if err != nil {
		return nil, fmt.Errorf("store: ladder of %s: %w", game, err)
	}
	out := make(map[string]league.Ladder, len(usernames))
	for _, l := range ls {
		out[l.Username] = league.Ladder{Rated: true, Rating: l.Rating}
	}
	return out, nil
}

const userIDsSQL = `
SELECT u.id FROM unnest($1::text[]) WITH ORDINALITY AS t(name, n) JOIN users u ON u.username = t.name ORDER BY t.n`

// UserIDs returns the ids of the users named, in the order given; an unknown name is left out.
func (s *Store) UserIDs(ctx context.Context, tx pgx.Tx, usernames []string) ([]int64, error) {
	rows, err := tx.Query(ctx, userIDsSQL, usernames)
	if err != nil {
		return nil, fmt.Errorf("store: user ids: %w", err)
	}
	ids, err := pgx.CollectRows(rows, pgx.RowTo[int64])
	if err != nil {
		return nil, fmt.Errorf("store: user ids: %w", err)
	}
	return ids, nil
}

// firstGamesSQL lists the games of a league by number with the users seated at each.
const firstGamesSQL = `
SELECT s.user_id, g.number
FROM games g JOIN seats s ON s.game_id = g.id
WHERE g.league_id = $1 AND s.user_id IS NOT NULL
ORDER BY g.number, s.user_id`

// FirstGames returns, for each player seated in the league's games (read inside tx, where
// the schedule was just drawn), the numbers of their first n games.
func (s *Store) FirstGames(ctx context.Context, tx pgx.Tx, leagueID int64, n int) (map[int64][]int, error) {
	rows, err := tx.Query(ctx, firstGamesSQL, leagueID)
	if err != nil {
		return nil, fmt.Errorf("store: first games of league %d: %w", leagueID, err)
	}
	type seat struct {
		UserID int64 `db:"user_id"`
		Number int   `db:"number"`
	}
	seats, err := pgx.CollectRows(rows, pgx.RowToStructByName[seat])
	if err != nil {
		return nil, fmt.Errorf("store: first games of league %d: %w", leagueID, err)
	}
	out := map[int64][]int{}
	for _, st := range seats {
		if len(out[st.UserID]) < n {
			out[st.UserID] = append(out[st.UserID], st.Number)
		}
	}
	return out, nil
}

// DeskSeason is an open season on a user's desk: one they signed up for, or one they
// organise (Organising), which they start once enough players signed up.
type DeskSeason struct {
	Season
	// SignedUpMe says the user is signed up for it.
	SignedUpMe bool `db:"signed_up_me"`
}

const deskSeasonsSQL = `
SELECT ` + seasonColumns + `,
    EXISTS (SELECT 1 FROM season_signups u WHERE u.season_id = s.id AND u.user_id = $1) AS signed_up_me
FROM seasons s JOIN users o ON o.id = s.organiser_id
WHERE s.status = 'open'
  AND (s.organiser_id = $1 OR s.id IN (SELECT season_id FROM season_signups WHERE user_id = $1))
ORDER BY s.id DESC
LIMIT $2`

// DeskSeasons returns the open seasons the user signed up for or organises, newest first.
func (s *Store) DeskSeasons(ctx context.Context, userID int64) ([]DeskSeason, error) {
	ss, err := collect[DeskSeason](ctx, s.pool, deskSeasonsSQL, userID, leagueListLimit)
	if err != nil {
		return nil, fmt.Errorf("store: desk seasons of user %d: %w", userID, err)
	}
	return ss, nil
}
