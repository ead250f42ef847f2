package store

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/tablestakes/tablestakes/league"
	"github.com/tablestakes/tablestakes/scheduler"
	"github.com/tablestakes/tablestakes/scoring"
)

// DefaultLeagueSize is a league's number of members when its organiser names none
// (league.DefaultSize, the seed's 8).
const DefaultLeagueSize = league.DefaultSize

// League statuses, as the league's rules name them (league.Open, ...).
const (
	// LeagueOpen is a league still gathering its members.
	LeagueOpen = league.Open
	// LeagueRunning is a full league whose games are scheduled.
	LeagueRunning = league.Running
	// LeagueFinished is a league whose games are all played.
	LeagueFinished = league.Finished
	// LeagueCancelled is an open league its organiser called off before it filled.
	LeagueCancelled = league.Cancelled
	// LeagueClosed is a running league its organiser ended early: its standings are frozen.
	LeagueClosed = league.Closed
	// LeagueArchived is a finished or closed league put away: still readable, no longer listed.
	LeagueArchived = league.Archived
)

// The seed's activity rule by default (league.DefaultMinRecentGames, league.DefaultRecentDays).
const (
	// DefaultMinRecentGames is the finished games an active player needs by default.
	DefaultMinRecentGames = league.DefaultMinRecentGames
	// DefaultRecentDays is the default window, in days, the activity rule counts them in.
	DefaultRecentDays = league.DefaultRecentDays
)

// Refusals of a join, decided by league.Join. Each is a *Conflict.
var (
	// ErrAlreadyMember refuses a player who already holds a place in the league.
	ErrAlreadyMember = league.ErrAlreadyMember
	// ErrLeagueFull refuses a join once the league has all its members.
	ErrLeagueFull = league.ErrLeagueFull
	// ErrLeagueRunning refuses a join once the league's games are scheduled.
	ErrLeagueRunning = league.ErrLeagueRunning
)

// InactiveError refuses a join by a player who is not active under the league's rule
// (league.Activity).
type InactiveError = league.InactiveError

// League is a league as stored, with its organiser's username and its member count.
type League struct {
	ID   int64  `db:"id"`
	Name string `db:"name"`
	Game string `db:"game"`
	// Version is the slug of the version of the game the league plays (CONTRACT section 9,
	// scoring.Game.Version); Edition the organiser's free-text note ("2nd edition"), which
	// has no rule effect.
	Version        string `db:"version"`
	Edition        string `db:"edition"`
	PlayersPerGame int    `db:"players_per_game"`
	// Players is the league's size N, the members it starts with (CONTRACT section 10);
	// GamesPerPlayer the games each plays as the organiser chose it, 0 for the
	// scheduler's default (Format).
	Players        int `db:"players"`
	GamesPerPlayer int `db:"games_per_player"`
	MinRecentGames int `db:"min_recent_games"`
	RecentDays     int `db:"recent_days"`
	// FaceToFace says the league meets face to face: its schedule groups the games into
	// rounds in which nobody plays twice. Otherwise every game is a round of its own.
	FaceToFace bool `db:"face_to_face"`
	// Status is "open" while players join, "running" once the schedule exists and
	// "finished" when every game has a result; "cancelled", "closed" and "archived" are the
	// organiser's ways to end a league otherwise (LeagueCancelled, ...).
	Status string `db:"status"`
	// Description is the organiser's free text about the league; Venue where it meets.
	Description string `db:"description"`
	Venue       string `db:"venue"`
	// TimeZone is the IANA zone dates are set and shown in ("Europe/Paris").
	TimeZone string `db:"time_zone"`
	// FirstRoundAt and RoundEveryDays are the rhythm: round r starts at FirstRoundAt plus
	// (r-1) × RoundEveryDays days, same local time. Nil while none is set.
	FirstRoundAt   *time.Time `db:"first_round_at"`
	RoundEveryDays *int       `db:"round_every_days"`
	// ClosedEarly marks a league its organiser closed before its last game.
	ClosedEarly bool `db:"closed_early"`
	// Private leagues are in no public list; only their members and organisers see them,
	// and joining takes the invite link (SetPrivate).
	Private     bool  `db:"private"`
	OrganiserID int64 `db:"organiser_id"`
	// Organiser is the organiser's username.
	Organiser string `db:"organiser"`
	// ScheduleSeed is the seed the schedule was drawn with; nil while the league is open.
	ScheduleSeed *int64     `db:"schedule_seed"`
	CreatedAt    time.Time  `db:"created_at"`
	StartedAt    *time.Time `db:"started_at"`
	FinishedAt   *time.Time `db:"finished_at"`
	// Members is how many players have joined (0..Players).
	Members int `db:"members"`
	// ResultsBy is who enters results (ResultsByOrganisers or ResultsByPlayers) and
	// ConfirmHours the table's confirmation window (CONTRACT section 8).
	ResultsBy    string `db:"results_by"`
	ConfirmHours int    `db:"confirm_hours"`
}

// Format is the league's size, players per game and games each (league.Format).
func (l League) Format() league.Format {
	return league.Format{Players: l.Players, PlayersPerGame: l.PlayersPerGame, GamesPerPlayer: l.GamesPerPlayer}
}

// NewLeague is what a league's creation supplies. Validate it first (web does, naming each
// field, against the game registry); Postgres' checks are the last line.
type NewLeague struct {
	Name string
	Game string
	// Version is a slug of the game's versions; empty is the game's default.
	Version string
	// Edition is a free-text note on the edition played (at most 80 characters).
	Edition        string
	PlayersPerGame int
	// Players is the league's size N (0: DefaultLeagueSize); GamesPerPlayer the games each
	// plays (0: the scheduler's default for N and the players per game).
	Players        int
	GamesPerPlayer int
	MinRecentGames int
	RecentDays     int
	// FaceToFace asks for a schedule in rounds in which nobody plays twice.
	FaceToFace  bool
	OrganiserID int64
	// ResultsBy (default ResultsByPlayers) and ConfirmHours (default DefaultConfirmHours)
	// say who enters results and how long the table has to confirm a proposal.
	ResultsBy    string
	ConfirmHours int
	// Members, when given, join at once in this order (a division of a season); as many as
	// Players start the league in the same transaction (service.Leagues.Create).
	Members []int64
}

// Format is the new league's size, players per game and games each, Players defaulted.
func (nl NewLeague) Format() league.Format {
	n := nl.Players
	if n == 0 {
		n = DefaultLeagueSize
	}
	return league.Format{Players: n, PlayersPerGame: nl.PlayersPerGame, GamesPerPlayer: nl.GamesPerPlayer}
}

// Member is one player of a league. Slot is the join order, 1..N, and the player's number
// in the league's schedule.
type Member struct {
	UserID      int64     `db:"user_id"`
	Username    string    `db:"username"`
	DisplayName string    `db:"display_name"`
	Slot        int       `db:"slot"`
	JoinedAt    time.Time `db:"joined_at"`
}

const leagueColumns = `
l.id, l.name, l.game, l.version, l.edition, l.players_per_game, l.min_recent_games, l.recent_days,
l.face_to_face, l.status, l.description, l.venue, l.time_zone, l.first_round_at, l.round_every_days,
l.closed_early, l.private, l.organiser_id, o.username AS organiser, l.schedule_seed, l.created_at,
l.started_at, l.finished_at,
(SELECT count(*) FROM memberships m WHERE m.league_id = l.id)::int AS members,
l.results_by, l.confirm_hours, l.players, coalesce(l.games_per_player, 0) AS games_per_player`

const createLeagueSQL = `
WITH l AS (
    INSERT INTO leagues (name, game, version, players_per_game, min_recent_games, recent_days, face_to_face, organiser_id, edition,
                         results_by, confirm_hours, players, games_per_player)
    VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, nullif($13, 0))
    RETURNING *
)
SELECT ` + leagueColumns + ` FROM l JOIN users o ON o.id = l.organiser_id`

// InsertLeague stores a new open league organised by nl.OrganiserID, who need not play.
// Whether it meets face to face (nl.FaceToFace) is fixed here, before anyone joins. No
// version is the game's default one.
func (s *Store) InsertLeague(ctx context.Context, tx pgx.Tx, nl NewLeague) (League, error) {
	resultsBy, hours := tableSetting(nl.ResultsBy, nl.ConfirmHours)
	f := nl.Format()
	l, err := collectOne[League](ctx, tx, createLeagueSQL, nl.Name, nl.Game, versionOrDefault(nl.Game, nl.Version), nl.PlayersPerGame,
		nl.MinRecentGames, nl.RecentDays, nl.FaceToFace, nl.OrganiserID, nl.Edition, resultsBy, hours, f.Players, f.GamesPerPlayer)
	if err != nil {
		return League{}, fmt.Errorf("store: create league %q: %w", nl.Name, err)
	}
	return l, nil
}

const leagueSQL = `SELECT ` + leagueColumns + ` FROM leagues l JOIN users o ON o.id = l.organiser_id WHERE l.id = $1`

// League returns the league with the given id, or ErrNotFound.
func (s *Store) League(ctx context.Context, id int64) (League, error) {
	l, err := collectOne[League](ctx, s.pool, leagueSQL, id)
	if errors.Is(err, pgx.ErrNoRows) {
		return League{}, fmt.Errorf("store: league %d: %w", id, ErrNotFound)
	}
	if err != nil {
		return League{}, fmt.Errorf("store: league %d: %w", id, err)
	}
	return l, nil
}

// leagueListLimit bounds the leagues one list returns.
const leagueListLimit = 200

const leaguesByStatusSQL = `
SELECT ` + leagueColumns + `
FROM leagues l JOIN users o ON o.id = l.organiser_id
WHERE l.status = $1 AND NOT l.private
ORDER BY l.id DESC
LIMIT $2`

// LeaguesByStatus returns the public leagues with the given status (LeagueOpen,
// LeagueRunning, LeagueFinished), newest first, at most 200; private leagues are never listed.
func (s *Store) LeaguesByStatus(ctx context.Context, status string) ([]League, error) {
	ls, err := collect[League](ctx, s.pool, leaguesByStatusSQL, status, leagueListLimit)
	if err != nil {
		return nil, fmt.Errorf("store: leagues %s: %w", status, err)
	}
	return ls, nil
}

// leaguesOfSQL finds the player's leagues through the two indexes (organiser, member)
// rather than testing every league of the database.
const leaguesOfSQL = `
WITH mine AS (
    SELECT id AS league_id FROM leagues WHERE organiser_id = $1
    UNION
    SELECT league_id FROM memberships WHERE user_id = $1)
SELECT ` + leagueColumns + `
FROM mine JOIN leagues l ON l.id = mine.league_id JOIN users o ON o.id = l.organiser_id
ORDER BY l.id DESC
LIMIT $2`

// LeaguesOf returns the leagues the user plays in or organises, newest first, at most 200.
func (s *Store) LeaguesOf(ctx context.Context, userID int64) ([]League, error) {
	ls, err := collect[League](ctx, s.pool, leaguesOfSQL, userID, leagueListLimit)
	if err != nil {
		return nil, fmt.Errorf("store: leagues of user %d: %w", userID, err)
	}
	return ls, nil
}

const membersSQL = `
SELECT m.user_id, u.username, u.display_name, m.slot, m.joined_at
FROM memberships m JOIN users u ON u.id = m.user_id
WHERE m.league_id = $1
ORDER BY m.slot`

// Members returns the league's members in slot (join) order.
func (s *Store) Members(ctx context.Context, leagueID int64) ([]Member, error) {
	return members(ctx, s.pool, leagueID)
}

// members runs membersSQL on a pool or inside a transaction.
func members(ctx context.Context, q querier, leagueID int64) ([]Member, error) {
	ms, err := collect[Member](ctx, q, membersSQL, leagueID)
	if err != nil {
		return nil, fmt.Errorf("store: members of league %d: %w", leagueID, err)
	}
	return ms, nil
}

// LeagueMembers returns the league's members in slot order inside the transaction.
func (s *Store) LeagueMembers(ctx context.Context, tx pgx.Tx, leagueID int64) ([]Member, error) {
	return members(ctx, tx, leagueID)
}

const isMemberSQL = `SELECT EXISTS (SELECT 1 FROM memberships WHERE league_id = $1 AND user_id = $2)`

// Membership reports whether the user holds a place in the league.
func (s *Store) Membership(ctx context.Context, tx pgx.Tx, leagueID, userID int64) (bool, error) {
	var member bool
	if err := tx.QueryRow(ctx, isMemberSQL, leagueID, userID).Scan(&member); err != nil {
		return false, fmt.Errorf("store: membership of user %d: %w", userID, err)
	}
	return member, nil
}

const memberCountSQL = `SELECT count(*)::int FROM memberships WHERE league_id = $1`

// MemberCount counts the league's members.
func (s *Store) MemberCount(ctx context.Context, tx pgx.Tx, leagueID int64) (int, error) {
	var n int
	if err := tx.QueryRow(ctx, memberCountSQL, leagueID).Scan(&n); err != nil {
		return 0, fmt.Errorf("store: members of league %d: %w", leagueID, err)
	}
	return n, nil
}

// freeSlotSQL picks the first free slot of the league's players: a member who left an open
// league freed theirs.
const freeSlotSQL = `
SELECT min(s)::int FROM leagues l, generate_series(1, l.players) AS s
WHERE l.id = $1 AND s NOT IN (SELECT slot FROM memberships WHERE league_id = $1)`

const insertMembershipSQL = `INSERT INTO memberships (league_id, user_id, slot) VALUES ($1, $2, $3)`

// InsertMembership gives the user the league's first free slot. The unique (league, user)
// and (league, slot) keys back up the checks made under the league's row lock: they answer
// ErrAlreadyMember and ErrLeagueFull.
func (s *Store) InsertMembership(ctx context.Context, tx pgx.Tx, leagueID, userID int64) error {
	var slot int
	if err := tx.QueryRow(ctx, freeSlotSQL, leagueID).Scan(&slot); err != nil {
		return fmt.Errorf("store: free slot of league %d: %w", leagueID, err)
	}
	if _, err := tx.Exec(ctx, insertMembershipSQL, leagueID, userID, slot); err != nil {
		if isUniqueViolation(err, "memberships_pkey") {
			return ErrAlreadyMember
		}
		if isUniqueViolation(err, "memberships_slot_key") {
			return ErrLeagueFull
		}
		return fmt.Errorf("store: insert membership: %w", err)
	}
	return nil
}

const insertGamesSQL = `
INSERT INTO games (league_id, number, round)
SELECT $1, t.number, t.round FROM unnest($2::int[], $3::int[]) AS t(number, round)
RETURNING id, number`

const startLeagueSQL = `UPDATE leagues SET status = 'running', started_at = now(), schedule_seed = $2 WHERE id = $1`

// InsertSchedule stores a full league's schedule, drawn from seed, and sets the league
// running: every game and seat (schedule player p is ms[p-1], the member in slot p), dated
// by the league's rhythm when it has one.
func (s *Store) InsertSchedule(ctx context.Context, tx pgx.Tx, leagueID, seed int64, sched scheduler.Schedule, ms []Member) error {
	numbers := make([]int32, len(sched.Games))
	rounds := make([]int32, len(sched.Games))
	for i, g := range sched.Games {
		numbers[i], rounds[i] = int32(g.Number), int32(g.Round)
	}
	type created struct {
		ID     int64 `db:"id"`
		Number int   `db:"number"`
	}
	ids, err := collect[created](ctx, tx, insertGamesSQL, leagueID, numbers, rounds)
	if err != nil {
		return fmt.Errorf("start league: insert games: %w", err)
	}
	gameID := make(map[int]int64, len(ids))
	for _, c := range ids {
		gameID[c.Number] = c.ID
	}
	var seats [][]any
	for _, g := range sched.Games {
		for pos, player := range g.Seats {
			seats = append(seats, []any{gameID[g.Number], pos + 1, ms[player-1].UserID})
		}
	}
	if _, err := tx.CopyFrom(ctx, pgx.Identifier{"seats"}, []string{"game_id", "position", "user_id"},
		pgx.CopyFromRows(seats)); err != nil {
		return fmt.Errorf("start league: insert seats: %w", err)
	}
	if _, err := tx.Exec(ctx, startLeagueSQL, leagueID, seed); err != nil {
		return fmt.Errorf("start league: %w", err)
	}
	return dateNewSchedule(ctx, tx, leagueID)
}

// versionOrDefault is version, or the default version of the game with slug when version
// is empty (scoring.Game.DefaultVersion); an unknown game keeps the empty version, which the
// database refuses.
func versionOrDefault(slug, version string) string {
	if version != "" {
		return version
	}
	if g, err := scoring.GameBySlug(slug); err == nil {
		return g.DefaultVersion().Slug
	}
	return version
}
