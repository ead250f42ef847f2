package store

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
	"golang.org/x/crypto/bcrypt"

	"github.com/tablestakes/tablestakes/text"
)

// ErrBadCredentials reports a log-in with an unknown username or a wrong password; the two
// are deliberately indistinguishable.
var ErrBadCredentials = errors.New("username or password is incorrect")

// ErrUsernameTaken reports a sign-up whose username is already used, in any letter case.
var ErrUsernameTaken = &Conflict{Reason: "username: already taken", ID: "refusal.username_taken"}

// User is a TableStakes account. The password hash never leaves the store.
type User struct {
	ID          int64     `db:"id"`
	Username    string    `db:"username"`
	DisplayName string    `db:"display_name"`
	CreatedAt   time.Time `db:"created_at"`
	// AuthVersion goes up whenever the account's other sign-ins must end (password
	// change or reset, deletion); a web session remembers the version it began under.
	AuthVersion int `db:"auth_version"`
	// Language is the tag of the language the user reads pages and e-mails in ("it"), or
	// "" to follow their browser (locales).
	Language string `db:"language"`
}

// NewUser is what a sign-up supplies. Validate it first (web does, naming each field);
// Postgres' checks are the last line, not the user-facing one.
type NewUser struct {
	Username    string
	DisplayName string
	Password    string
}

const userColumns = `id, username, display_name, created_at, auth_version, language`

const createUserSQL = `
INSERT INTO users (username, display_name, password_hash)
VALUES ($1, $2, $3)
RETURNING ` + userColumns

// CreateUser stores a new account with its password hashed (bcrypt). A username already
// used in any letter case gives ErrUsernameTaken.
func (s *Store) CreateUser(ctx context.Context, u NewUser) (User, error) {
	hash, err := s.passwords.Hash([]byte(u.Password), s.passwordCost)
	if err != nil {
		return User{}, fmt.Errorf("store: create user: hash password: %w", err)
	}
	rows, err := s.pool.Query(ctx, createUserSQL, u.Username, u.DisplayName, string(hash))
	if err != nil {
		return User{}, fmt.Errorf("store: create user %q: %w", u.Username, err)
	}
	user, err := pgx.CollectExactlyOneRow(rows, pgx.RowToStructByName[User])
	if isUniqueViolation(err, "users_username_lower_key") {
		return User{}, fmt.Errorf("store: create user %q: %w", u.Username, ErrUsernameTaken)
	}
	if err != nil {
		return User{}, fmt.Errorf("store: create user %q: %w", u.Username, err)
	}
	return user, nil
}

const userSQL = `SELECT ` + userColumns + ` FROM users WHERE id = $1`

// User returns the account with the given id, or ErrNotFound.
func (s *Store) User(ctx context.Context, id int64) (User, error) {
	return s.oneUser(ctx, "user", userSQL, id)
}

const userByUsernameSQL = `SELECT ` + userColumns + ` FROM users WHERE lower(username) = lower($1)`

// UserByUsername returns the account with the given username in any letter case, or ErrNotFound.
func (s *Store) UserByUsername(ctx context.Context, username string) (User, error) {
	if !postgresText(username) {
		return User{}, fmt.Errorf("store: user by username: %w", ErrNotFound)
	}
	return s.oneUser(ctx, "user by username", userByUsernameSQL, username)
}

const usersByUsernameSQL = `SELECT ` + userColumns + ` FROM users WHERE member_kind IS NULL ORDER BY lower(username)`

// Users returns every person's account, ordered by username (not the ladder members who
// never log in: the Seventh Player, the SUPERCAT bots).
func (s *Store) Users(ctx context.Context) ([]User, error) {
	users, err := collect[User](ctx, s.pool, usersByUsernameSQL)
	if err != nil {
		return nil, fmt.Errorf("store: users: %w", err)
	}
	return users, nil
}

const userCountSQL = `SELECT count(*) FROM users WHERE member_kind IS NULL`

// UserCount returns how many people have accounts (ladder members who never log in are
// not counted).
func (s *Store) UserCount(ctx context.Context) (int, error) {
	var n int
	if err := s.pool.QueryRow(ctx, userCountSQL).Scan(&n); err != nil {
		return 0, fmt.Errorf("store: user count: %w", err)
	}
	return n, nil
}

// passwordHashSQL finds a log-in's account: a ladder member (the Seventh Player, a SUPERCAT
// bot) has no password and is never found, like an unknown name.
const passwordHashSQL = `SELECT id, password_hash FROM users
WHERE lower(username) = lower($1) AND deleted_at IS NULL AND password_hash IS NOT NULL`

// dummyHash (a bcrypt hash of a throw-away phrase, cost 10) is compared against when the
// username is unknown, so that a log-in for a missing account costs as much time as one
// with a wrong password; New replaces it by a hash at the Store's own cost, which is what
// its real hashes cost.
const dummyHash = "$2a$10$oayn72DbM6euc3iC30Yaauf8ol9CUEuyRSc4dAjbNxai8NLQ8OWJK"

// unknownUserHash is the hash Authenticate compares against for a name without an account:
// a throw-away phrase hashed at the Store's password cost.
func unknownUserHash(passwords PasswordHasher, cost int) []byte {
	hash, err := passwords.Hash([]byte("no account has this password"), cost)
	if err != nil {
		return []byte(dummyHash) // a cost bcrypt refuses: keep the cost-10 hash
	}
	return hash
}

// Authenticate checks a username (any letter case) and password and returns the account.
// A wrong password or unknown username gives ErrBadCredentials.
func (s *Store) Authenticate(ctx context.Context, username, password string) (User, error) {
	var (
		id   int64
		hash string
	)
	err := pgx.ErrNoRows // no account has a name Postgres cannot even compare
	if postgresText(username) {
		err = s.pool.QueryRow(ctx, passwordHashSQL, username).Scan(&id, &hash)
	}
	if errors.Is(err, pgx.ErrNoRows) {
		// Spend the time a real comparison takes; the dummy hash never matches.
		err := s.passwords.Compare(s.dummyHash, []byte(password))
		if err != nil && !errors.Is(err, bcrypt.ErrMismatchedHashAndPassword) {
			return User{}, fmt.Errorf("store: authenticate: %w", err)
		}
		return User{}, ErrBadCredentials
	}
	if err != nil {
		return User{}, fmt.Errorf("store: authenticate: %w", err)
	}
	if err := s.passwords.Compare([]byte(hash), []byte(password)); err != nil {
		if errors.Is(err, bcrypt.ErrMismatchedHashAndPassword) {
			return User{}, ErrBadCredentials
		}
		return User{}, fmt.Errorf("store: authenticate: %w", err)
	}
	return s.User(ctx, id)
}

// oneUser runs a query that selects userColumns for at most one row.
func (s *Store) oneUser(ctx context.Context, what, sql string, arg any) (User, error) {
	rows, err := s.pool.Query(ctx, sql, arg)
	if err != nil {
		return User{}, fmt.Errorf("store: %s: %w", what, err)
	}
	user, err := pgx.CollectExactlyOneRow(rows, pgx.RowToStructByName[User])
	if errors.Is(err, pgx.ErrNoRows) {
		return User{}, fmt.Errorf("store: %s: %w", what, ErrNotFound)
	}
	if err != nil {
		return User{}, fmt.Errorf("store: %s: %w", what, err)
	}
	return user, nil
}

// postgresText reports whether s can be sent to Postgres as text: valid UTF-8 without NUL.
// Postgres refuses anything else with an error (SQLSTATE 22021) instead of matching
// nothing, so a lookup by such a name is answered "not found" without asking.
func postgresText(s string) bool { return text.Storable(s) }

// anyFinishedGameSQL asks whether the club has played a game to its end yet; a game's index
// stops at the first one.
const anyFinishedGameSQL = `SELECT EXISTS (SELECT 1 FROM games WHERE status = 'finished')`

// AnyFinishedGame reports whether any game of the club is finished: without one, nobody
// passes an activity rule that asks for finished games (issue #34).
func (s *Store) AnyFinishedGame(ctx context.Context) (bool, error) {
	var played bool
	if err := s.pool.QueryRow(ctx, anyFinishedGameSQL).Scan(&played); err != nil {
		return false, fmt.Errorf("store: any finished game: %w", err)
	}
	return played, nil
}

// DisplayNames maps each of the usernames given that names an account to its display name,
// for pages that name people as people know them; a username with no account is left out.
func (s *Store) DisplayNames(ctx context.Context, usernames []string) (map[string]string, error) {
	out := map[string]string{}
	if len(usernames) == 0 {
		return out, nil
	}
	rows, err := s.pool.Query(ctx, `SELECT username, display_name FROM users WHERE username = ANY($1)`, usernames)
	if err != nil {
		return nil, fmt.Errorf("store: display names: %w", err)
	}
	var username, name string
	_, err = pgx.ForEachRow(rows, []any{&username, &name}, func() error {
		out[username] = name
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("store: display names: %w", err)
	}
	return out, nil
}
