package store

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/tablestakes/tablestakes/league"
)

// Role is what a user is to a league, from nobody to its organiser (league.Role).
type Role = league.Role

// The roles, from nobody to the organiser.
const (
	// RoleNone is anyone: they may read the league and, while it is open, join it.
	RoleNone = league.RoleNone
	// RoleMember plays in the league; before it is full a member may leave.
	RoleMember = league.RoleMember
	// RoleCoOrganiser records and corrects results and manages dates and places.
	RoleCoOrganiser = league.RoleCoOrganiser
	// RoleOrganiser created the league: everything, co-organisers and ending it included.
	RoleOrganiser = league.RoleOrganiser
)

// Forbidden is a write refused because the caller's role in the league does not allow it
// (league.Forbidden).
type Forbidden = league.Forbidden

// Refusals by role, decided by league.Require.
var (
	// ErrNotLeagueOrganiser refuses what only the league's organiser may do.
	ErrNotLeagueOrganiser = league.ErrNotLeagueOrganiser
	// ErrNotManager refuses what only the organiser or a co-organiser may do.
	ErrNotManager = league.ErrNotManager
)

// tiesSQL reads what the user $2 is to the league $1: its organiser, a co-organiser, a
// member.
const tiesSQL = `
SELECT l.organiser_id = $2,
       EXISTS (SELECT 1 FROM league_organisers lo WHERE lo.league_id = l.id AND lo.user_id = $2),
       EXISTS (SELECT 1 FROM memberships m WHERE m.league_id = l.id AND m.user_id = $2)
FROM leagues l WHERE l.id = $1`

// Ties is what a user is to a league, as its rows say: its organiser, one of its
// co-organisers, one of its members (any, several or none). The service makes a role of
// them (league.RoleOf).
type Ties struct {
	Organiser, CoOrganiser, Member bool
}

// leagueTies reads the user's ties to the league, inside the caller's transaction or on
// the pool. ErrNotFound when no league.
func leagueTies(ctx context.Context, q querier, leagueID, userID int64) (Ties, error) {
	var t Ties
	err := q.QueryRow(ctx, tiesSQL, leagueID, userID).Scan(&t.Organiser, &t.CoOrganiser, &t.Member)
	if errors.Is(err, pgx.ErrNoRows) {
		err = ErrNotFound
	}
	if err != nil {
		return Ties{}, fmt.Errorf("store: ties to league %d: %w", leagueID, err)
	}
	return t, nil
}

// LeagueTies returns what the user is to the league (no ties for anyone, or userID 0).
// ErrNotFound when no league.
func (s *Store) LeagueTies(ctx context.Context, leagueID, userID int64) (Ties, error) {
	return leagueTies(ctx, s.pool, leagueID, userID)
}

// Ties returns what the user is to the league inside the transaction. ErrNotFound when no
// league.
func (s *Store) Ties(ctx context.Context, tx pgx.Tx, leagueID, userID int64) (Ties, error) {
	return leagueTies(ctx, tx, leagueID, userID)
}

// LockedLeague is a league's row as read under its lock: what the league's rules decide on.
type LockedLeague struct {
	Status         string
	PlayersPerGame int
	// Players is the league's size N and GamesPerPlayer the games each (0: the default).
	Players        int
	GamesPerPlayer int
	FaceToFace     bool
	// Activity is the league's activity rule.
	Activity league.Activity
	// Organiser is the organiser's username.
	Organiser string
}

const lockLeagueSQL = `
SELECT l.status, l.players_per_game, l.players, coalesce(l.games_per_player, 0), l.face_to_face,
       l.min_recent_games, l.recent_days, o.username
FROM leagues l JOIN users o ON o.id = l.organiser_id WHERE l.id = $1 FOR UPDATE OF l`

// LockLeague locks the league's row for the rest of the transaction, so every operation on
// one league, joins included, happens one at a time, and reads it. ErrNotFound when none.
func (s *Store) LockLeague(ctx context.Context, tx pgx.Tx, leagueID int64) (LockedLeague, error) {
	var l LockedLeague
	err := tx.QueryRow(ctx, lockLeagueSQL, leagueID).Scan(&l.Status, &l.PlayersPerGame, &l.Players, &l.GamesPerPlayer, &l.FaceToFace,
		&l.Activity.MinRecentGames, &l.Activity.RecentDays, &l.Organiser)
	if errors.Is(err, pgx.ErrNoRows) {
		return LockedLeague{}, ErrNotFound
	}
	if err != nil {
		return LockedLeague{}, fmt.Errorf("store: lock league %d: %w", leagueID, err)
	}
	return l, nil
}

// Format is the locked league's size, players per game and games each (league.Format).
func (l LockedLeague) Format() league.Format {
	return league.Format{Players: l.Players, PlayersPerGame: l.PlayersPerGame, GamesPerPlayer: l.GamesPerPlayer}
}

// EventMessage is a history line as the pages say it in the reader's language: the message
// id of its text ("history.edit") and the data filling it. Times in Data are RFC 3339
// strings under "At", with the zone's name under "Zone"; a "Count" is the number choosing
// the plural form; "Fields" lists the keys of edited fields (history.field.KEY).
type EventMessage struct {
	ID   string
	Data map[string]any
}

// InsertLeagueEvent writes one line of the league's history inside the operation's
// transaction: detail in English (the API's history reads it) and msg for the pages.
func (s *Store) InsertLeagueEvent(ctx context.Context, tx pgx.Tx, leagueID, userID int64, action, detail string, msg EventMessage) error {
	var id, data any // a line without a message keeps NULLs, as older lines do
	if msg.ID != "" {
		id, data = msg.ID, msg.Data
	}
	if _, err := tx.Exec(ctx, insertLeagueMessageSQL, leagueID, userID, action, detail, id, data); err != nil {
		return fmt.Errorf("league history: %w", err)
	}
	return nil
}

const insertLeagueMessageSQL = `
INSERT INTO league_events (league_id, user_id, action, detail, message_id, message_data)
VALUES ($1, $2, $3, $4, $5, $6)`

// InsertLeagueNotice writes the outbox rows of an event everyone in the league hears of
// (members, organiser, co-organisers and the league's webhooks), caused by actorID (0:
// nobody in particular, who is then not left out).
func (s *Store) InsertLeagueNotice(ctx context.Context, tx pgx.Tx, key string, n Notice, actorID int64) error {
	return notify(ctx, tx, key, n, audienceLeague, actorID)
}

// LeagueEvent is one line of a league's history.
type LeagueEvent struct {
	ID int64 `db:"id"`
	// Username is who did it.
	Username string `db:"username"`
	// Action is a short slug: "leave", "remove", "cancel", "close", "archive", "edit",
	// "co-organiser", "schedule", "replace".
	Action string    `db:"action"`
	Detail string    `db:"detail"`
	At     time.Time `db:"at"`
	// MessageID and MessageData say the line in the reader's language (EventMessage);
	// empty on lines written before they were kept.
	MessageID   string         `db:"message_id"`
	MessageData map[string]any `db:"message_data"`
}

const leagueEventsSQL = `
SELECT e.id, u.username, e.action, e.detail, e.at, coalesce(e.message_id, '') AS message_id, e.message_data
FROM league_events e JOIN users u ON u.id = e.user_id
WHERE e.league_id = $1
ORDER BY e.id DESC
LIMIT 200`

// LeagueEvents returns the league's history, newest first, at most 200 lines.
func (s *Store) LeagueEvents(ctx context.Context, leagueID int64) ([]LeagueEvent, error) {
	es, err := collect[LeagueEvent](ctx, s.pool, leagueEventsSQL, leagueID)
	if err != nil {
		return nil, fmt.Errorf("store: history of league %d: %w", leagueID, err)
	}
	return es, nil
}

const usernameSQL = `SELECT username FROM users WHERE id = $1`

// Username returns the user's username.
func (s *Store) Username(ctx context.Context, tx pgx.Tx, userID int64) (string, error) {
	var name string
	if err := tx.QueryRow(ctx, usernameSQL, userID).Scan(&name); err != nil {
		return "", fmt.Errorf("store: username of user %d: %w", userID, err)
	}
	return name, nil
}

const userIDByNameSQL = `SELECT id, username FROM users WHERE lower(username) = lower($1)`

// userByName finds a user by username in any letter case; field names the input in the
// refusal ("to: no player named zed").
func userByName(ctx context.Context, q querier, field, username string) (int64, string, error) {
	var id int64
	var name string
	err := q.QueryRow(ctx, userIDByNameSQL, username).Scan(&id, &name)
	if errors.Is(err, pgx.ErrNoRows) {
		return 0, "", NoPlayerNamed(field, username)
	}
	return id, name, err
}

// UserByName finds a user by username in any letter case and returns their id and the
// username as stored; none is an *Invalid naming field ("to: no player named zed").
func (s *Store) UserByName(ctx context.Context, tx pgx.Tx, field, username string) (int64, string, error) {
	return userByName(ctx, tx, field, username)
}

// Invalid is a request that names something that does not fit (a user who does not exist,
// a time zone Go does not know). Reason names the field.
type Invalid = league.Invalid

const deleteMembershipSQL = `DELETE FROM memberships WHERE league_id = $1 AND user_id = $2`

// DeleteMembership frees the user's place in the league; false when they held none.
func (s *Store) DeleteMembership(ctx context.Context, tx pgx.Tx, leagueID, userID int64) (bool, error) {
	tag, err := tx.Exec(ctx, deleteMembershipSQL, leagueID, userID)
	if err != nil {
		return false, fmt.Errorf("store: delete membership: %w", err)
	}
	return tag.RowsAffected() > 0, nil
}

// endingSQL is, for each of the organiser's endings (league.End decides which may
// happen), the update that does it.
var endingSQL = map[league.Ending]string{
	league.Cancel: `UPDATE leagues SET status = 'cancelled', cancelled_at = now() WHERE id = $1`,
	// clock_timestamp(), not now(): the league closes when this transaction holds its row
	// lock, which may be long after the transaction began (a result recorded meanwhile
	// must stand before the close, as it does in fact).
	league.Close:   `UPDATE leagues SET status = 'closed', finished_at = clock_timestamp(), closed_early = true WHERE id = $1`,
	league.Archive: `UPDATE leagues SET status = 'archived', archived_at = now() WHERE id = $1`,
}

// UpdateLeagueEnding stores the organiser's ending of the league: cancelled, closed early
// or archived, dated.
func (s *Store) UpdateLeagueEnding(ctx context.Context, tx pgx.Tx, leagueID int64, e league.Ending) error {
	sql, ok := endingSQL[e]
	if !ok {
		return fmt.Errorf("store: end league: unknown action %q", e)
	}
	if _, err := tx.Exec(ctx, sql, leagueID); err != nil {
		return fmt.Errorf("store: %s league %d: %w", e, leagueID, err)
	}
	return nil
}

// LeagueEdit is what the organiser changes about a league; nil fields stay as they are.
// Game, PlayersPerGame and FaceToFace shape the schedule, so they change only while the
// league is open.
type LeagueEdit struct {
	Name           *string
	Description    *string
	Venue          *string
	TimeZone       *string
	Game           *string
	PlayersPerGame *int
	// Players is the league's size N and GamesPerPlayer the games each (0: back to the
	// scheduler's default); like the players per game they change only while open.
	Players        *int
	GamesPerPlayer *int
	FaceToFace     *bool
	// Version is the slug of the version played (it changes with the schedule's other
	// shapers, only while open); Edition the free-text note, which may change any time.
	Version *string
	Edition *string
	// ResultsBy and ConfirmHours change who enters results and the confirmation window,
	// at any time (CONTRACT section 8); proposals standing keep their window.
	ResultsBy    *string
	ConfirmHours *int
	// MinRecentGames and RecentDays change the activity rule, only while open.
	MinRecentGames *int
	RecentDays     *int
}

const editLeagueSQL = `
UPDATE leagues SET
    name = coalesce($2, name), description = coalesce($3, description), venue = coalesce($4, venue),
    time_zone = coalesce($5, time_zone), game = coalesce($6, game),
    players_per_game = coalesce($7, players_per_game), face_to_face = coalesce($8, face_to_face),
    version = coalesce($9, version), edition = coalesce($10, edition),
    results_by = coalesce($11, results_by), confirm_hours = coalesce($12, confirm_hours),
    players = coalesce($13, players),
    games_per_player = CASE WHEN $14::int IS NULL THEN games_per_player ELSE nullif($14::int, 0) END,
    min_recent_games = coalesce($15, min_recent_games), recent_days = coalesce($16, recent_days)
WHERE id = $1`

// UpdateLeague applies the organiser's edit.
func (s *Store) UpdateLeague(ctx context.Context, tx pgx.Tx, leagueID int64, e LeagueEdit) error {
	if _, err := tx.Exec(ctx, editLeagueSQL, leagueID, e.Name, e.Description, e.Venue, e.TimeZone,
		e.Game, e.PlayersPerGame, e.FaceToFace, e.Version, e.Edition, e.ResultsBy, e.ConfirmHours,
		e.Players, e.GamesPerPlayer, e.MinRecentGames, e.RecentDays); err != nil {
		return fmt.Errorf("store: edit league %d: %w", leagueID, err)
	}
	return nil
}

// Shape names what the edit changes of the league's schedule (league.Reshape decides).
func (e LeagueEdit) Shape() league.ScheduleShape {
	return league.ScheduleShape{Game: e.Game != nil, Version: e.Version != nil,
		PlayersPerGame: e.PlayersPerGame != nil, FaceToFace: e.FaceToFace != nil,
		Players: e.Players != nil, GamesPerPlayer: e.GamesPerPlayer != nil,
		MinRecentGames: e.MinRecentGames != nil, RecentDays: e.RecentDays != nil}
}

// Fields names the edit's changed fields for the history ("name, venue").
func (e LeagueEdit) Fields() string {
	var fs []string
	for _, f := range e.changed() {
		fs = append(fs, f.name)
	}
	if len(fs) == 0 {
		return "nothing"
	}
	return strings.Join(fs, ", ")
}

// FieldKeys are the keys of the edit's changed fields ("name", "time_zone"), which the
// pages say in the reader's language (history.field.KEY).
func (e LeagueEdit) FieldKeys() []string {
	var ks []string
	for _, f := range e.changed() {
		ks = append(ks, f.key)
	}
	return ks
}

type editedField struct{ key, name string }

// changed lists the edit's changed fields in the order the history names them.
func (e LeagueEdit) changed() []editedField {
	var out []editedField
	for _, f := range []struct {
		editedField
		set bool
	}{
		{editedField{"name", "name"}, e.Name != nil}, {editedField{"description", "description"}, e.Description != nil},
		{editedField{"venue", "venue"}, e.Venue != nil}, {editedField{"time_zone", "time zone"}, e.TimeZone != nil},
		{editedField{"game", "game"}, e.Game != nil}, {editedField{"players_per_game", "players per game"}, e.PlayersPerGame != nil},
		{editedField{"players", "players"}, e.Players != nil}, {editedField{"games_per_player", "games per player"}, e.GamesPerPlayer != nil},
		{editedField{"face_to_face", "face to face"}, e.FaceToFace != nil}, {editedField{"version", "version"}, e.Version != nil},
		{editedField{"edition", "edition"}, e.Edition != nil}, {editedField{"results_by", "who enters results"}, e.ResultsBy != nil},
		{editedField{"confirm_hours", "confirmation window"}, e.ConfirmHours != nil},
		{editedField{"activity", "activity rule"}, e.MinRecentGames != nil || e.RecentDays != nil},
	} {
		if f.set {
			out = append(out, f.editedField)
		}
	}
	return out
}

const addCoOrganiserSQL = `
INSERT INTO league_organisers (league_id, user_id, added_by) VALUES ($1, $2, $3)
ON CONFLICT DO NOTHING`

// InsertCoOrganiser makes the user a co-organiser of the league, named by byUserID; false
// when they were one already.
func (s *Store) InsertCoOrganiser(ctx context.Context, tx pgx.Tx, leagueID, userID, byUserID int64) (bool, error) {
	tag, err := tx.Exec(ctx, addCoOrganiserSQL, leagueID, userID, byUserID)
	if err != nil {
		return false, fmt.Errorf("store: add co-organiser: %w", err)
	}
	return tag.RowsAffected() > 0, nil
}

const removeCoOrganiserSQL = `DELETE FROM league_organisers WHERE league_id = $1 AND user_id = $2`

// DeleteCoOrganiser drops the user from the league's co-organisers; false when they were none.
func (s *Store) DeleteCoOrganiser(ctx context.Context, tx pgx.Tx, leagueID, userID int64) (bool, error) {
	tag, err := tx.Exec(ctx, removeCoOrganiserSQL, leagueID, userID)
	if err != nil {
		return false, fmt.Errorf("store: remove co-organiser: %w", err)
	}
	return tag.RowsAffected() > 0, nil
}

const coOrganisersSQL = `
SELECT u.username FROM league_organisers lo JOIN users u ON u.id = lo.user_id
WHERE lo.league_id = $1 ORDER BY lower(u.username)`

// CoOrganisers returns the usernames of the league's co-organisers, alphabetically.
func (s *Store) CoOrganisers(ctx context.Context, leagueID int64) ([]string, error) {
	rows, err := s.pool.Query(ctx, coOrganisersSQL, leagueID)
	if err != nil {
		return nil, fmt.Errorf("store: co-organisers of league %d: %w", leagueID, err)
	}
	names, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		return nil, fmt.Errorf("store: co-organisers of league %d: %w", leagueID, err)
	}
	return names, nil
}

// NoPlayerNamed is the refusal of field naming username, whom no account has
// ("to: no player named \"zed\"").
func NoPlayerNamed(field, username string) error {
	return &Invalid{Reason: fmt.Sprintf("%s: no player named %q", field, username),
		ID: "refusal.no_player_named", Data: map[string]any{"Field": field, "Name": fmt.Sprintf("%q", username)}}
}
