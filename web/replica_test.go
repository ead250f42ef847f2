package web_test

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablestakes/tablestakes/store"
	"github.com/tablestakes/tablestakes/web"
)

// streamingReplica is a Postgres primary and a hot standby that streams its write-ahead
// log, both made for one test in a directory of their own and stopped when it ends.
type streamingReplica struct {
	t testing.TB
	// primary and standby are the two servers' database URLs.
	primary, standby string
}

// newStreamingReplica makes a fresh cluster with the installed Postgres (initdb), migrates
// a database on it, makes a hot standby of it (pg_basebackup -R) and starts both. The
// servers listen on Unix sockets in the test's directory only, so they need no free port
// and answer no one else. They run with fsync off: they hold nothing worth keeping. Postgres
// refuses to run as root, so as root they run as the postgres user.
func newStreamingReplica(t testing.TB) *streamingReplica {
	t.Helper()
	bin := postgresBin(t)
	// In memory where there is a tmpfs: the servers' files are written a few times over.
	parent := ""
	if info, err := os.Stat("/dev/shm"); err == nil && info.IsDir() {
		parent = "/dev/shm"
	}
	dir, err := os.MkdirTemp(parent, "tablestakes-replica-")
	require.NoError(t, err)
	t.Cleanup(func() { require.NoError(t, os.RemoveAll(dir)) })
	var asPostgres []string
	// own gives a directory made here to the user the servers run as.
	own := func(string) error { return nil }
	if os.Geteuid() == 0 {
		pg, err := user.Lookup("postgres")
		require.NoError(t, err, "Postgres refuses to run as root and there is no postgres user to run it as")
		uid, err := strconv.Atoi(pg.Uid)
		require.NoError(t, err)
		gid, err := strconv.Atoi(pg.Gid)
		require.NoError(t, err)
		own = func(path string) error { return os.Chown(path, uid, gid) }
		asPostgres = []string{"runuser", "-u", "postgres", "--"}
	}
	require.NoError(t, own(dir))
	run := func(name string, args ...string) {
		t.Helper()
		argv := append(append(asPostgres[:len(asPostgres):len(asPostgres)], filepath.Join(bin, name)), args...)
		cmd := exec.Command(argv[0], argv[1:]...)
		cmd.Dir = dir // the postgres user may not reach the test's own directory
		// The servers are the test's own: no PGHOST, PGPORT and the like of the caller's.
		for _, kv := range os.Environ() {
			if !strings.HasPrefix(kv, "PG") {
				cmd.Env = append(cmd.Env, kv)
			}
		}
		out, err := cmd.CombinedOutput()
		require.NoError(t, err, "%s: %s", strings.Join(argv, " "), out)
	}
	start := func(name string) {
		t.Helper()
		data, sockets := filepath.Join(dir, name), filepath.Join(dir, name+"-sockets")
		require.NoError(t, os.Mkdir(sockets, 0o700))
		require.NoError(t, own(sockets))
		options := "-c listen_addresses='' -c unix_socket_directories='" + sockets + "' -c fsync=off -c shared_buffers=16MB -c dynamic_shared_memory_type=mmap"
		run("pg_ctl", "start", "-w", "-t", "120", "-D", data, "-l", data+".log", "-o", options)
		t.Cleanup(func() {
			if t.Failed() {
				if log, err := os.ReadFile(data + ".log"); err == nil {
					t.Logf("%s's log:\n%s", name, log)
				}
			}
			run("pg_ctl", "stop", "-m", "immediate", "-D", data)
		})
	}
	url := func(name, database string) string {
		return fmt.Sprintf("host=%s port=5432 user=postgres dbname=%s", filepath.Join(dir, name+"-sockets"), database)
	}

	run("initdb", "-D", filepath.Join(dir, "primary"), "-U", "postgres", "-A", "trust",
		"--encoding=UTF8", "--locale=C", "--no-sync", "--no-instructions")
	start("primary")
	ctx := t.Context()
	admin, err := pgxpool.New(ctx, url("primary", "postgres"))
	require.NoError(t, err)
	_, err = admin.Exec(ctx, "CREATE DATABASE tablestakes")
	admin.Close()
	require.NoError(t, err)
	pool, err := pgxpool.New(ctx, url("primary", "tablestakes"))
	require.NoError(t, err)
	_, err = store.Migrate(ctx, pool)
	pool.Close()
	require.NoError(t, err)

	run("pg_basebackup", "-D", filepath.Join(dir, "standby"), "-R", "-X", "stream", "-c", "fast", "--no-sync",
		"-h", filepath.Join(dir, "primary-sockets"), "-p", "5432", "-U", "postgres")
	start("standby")
	return &streamingReplica{t: t, primary: url("primary", "tablestakes"), standby: url("standby", "tablestakes")}
}

// postgresBin is the directory of the installed Postgres server programs: Debian's newest
// (/usr/lib/postgresql/*/bin, which scripts/ensure-postgres installs), else initdb's on PATH.
func postgresBin(t testing.TB) string {
	t.Helper()
	dirs, err := filepath.Glob("/usr/lib/postgresql/*/bin")
	require.NoError(t, err)
	sort.Slice(dirs, func(i, j int) bool { return versionOf(dirs[i]) < versionOf(dirs[j]) })
	for i := len(dirs) - 1; i >= 0; i-- {
		if _, err := os.Stat(filepath.Join(dirs[i], "initdb")); err == nil {
			return dirs[i]
		}
	}
	initdb, err := exec.LookPath("initdb")
	require.NoError(t, err, "no Postgres server programs (initdb, pg_ctl, pg_basebackup): run scripts/ensure-postgres")
	return filepath.Dir(initdb)
}

// versionOf is the major version in a path like /usr/lib/postgresql/15/bin.
func versionOf(bin string) int {
	v, _ := strconv.Atoi(filepath.Base(filepath.Dir(bin))) // not a number sorts first
	return v
}

// query runs one statement on the database at url and scans its row into dest.
func (sr *streamingReplica) query(url, sql string, dest ...any) {
	sr.t.Helper()
	pool, err := pgxpool.New(context.Background(), url)
	require.NoError(sr.t, err)
	defer pool.Close()
	require.NoError(sr.t, pool.QueryRow(context.Background(), sql).Scan(dest...))
}

// catchUp waits until the standby has replayed everything the primary has written.
func (sr *streamingReplica) catchUp() {
	sr.t.Helper()
	var written string
	sr.query(sr.primary, "SELECT pg_current_wal_insert_lsn()::text", &written)
	require.Eventually(sr.t, func() bool {
		var replayed bool
		sr.query(sr.standby, "SELECT pg_last_wal_replay_lsn() >= '"+written+"'::pg_lsn", &replayed)
		return replayed
	}, time.Minute, 20*time.Millisecond, "the standby replays up to %s", written)
}

// pauseReplay stops the standby replaying the log (it still receives it) and waits until
// it has stopped: from then on it lags every write.
func (sr *streamingReplica) pauseReplay() {
	sr.t.Helper()
	var ignored string
	sr.query(sr.standby, "SELECT pg_wal_replay_pause()::text", &ignored)
	require.Eventually(sr.t, func() bool {
		var state string
		sr.query(sr.standby, "SELECT pg_get_wal_replay_pause_state()", &state)
		return state == "paused"
	}, time.Minute, 10*time.Millisecond, "the standby pauses its replay")
}

// resumeReplay lets the standby replay again.
func (sr *streamingReplica) resumeReplay() {
	sr.t.Helper()
	var ignored string
	sr.query(sr.standby, "SELECT pg_wal_replay_resume()::text", &ignored)
}

// freshGet fetches path as an anonymous visitor, past the cache of public pages, so that
// the answer shows the database it was read from.
func freshGet(app *testApp, path string) (int, string, error) {
	req, err := http.NewRequest(http.MethodGet, app.srv.URL+path, nil)
	if err != nil {
		return 0, "", err
	}
	req.Header.Set("Cache-Control", "no-cache")
	res, err := app.srv.Client().Do(req)
	if err != nil {
		return 0, "", err
	}
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	return res.StatusCode, string(b), err
}

func TestAnonymousReadsGoToTheReadOnlyCopy(t *testing.T) {
	t.Parallel()
	replica := newStreamingReplica(t)
	primary, copyOf := storeOn(t, replica.primary, nil), storeOn(t, replica.standby, nil)
	app := newTestAppOn(t, primary, web.Config{}, func(h *web.Handler) { h.ReadFrom(copyOf) })
	org := app.newPlayers("org", 1)[0]
	app.newLeague(org, "vortex", 4, 0)
	// Different data in each, to see which one a page came from: the copy stops replaying,
	// and a league goes into the primary through the store, past every server, so that no
	// server knows to wait for it.
	replica.catchUp()
	replica.pauseReplay()
	app.newLeague(org, "gonzaga", 4, 0)

	require.Eventually(t, func() bool {
		_, _, body := anonymousGet(t, app, "/leagues")
		return strings.Contains(body, "The vortex league")
	}, 10*time.Second, 50*time.Millisecond, "once no write is recent, anonymous reads come from the copy")
	_, _, body := anonymousGet(t, app, "/leagues")
	assert.NotContains(t, body, "The gonzaga league")

	signedIn := app.logIn(org) // a write: the log-in
	_, doc := app.get(signedIn, "/leagues")
	assert.Contains(t, doc.Text(), "The gonzaga league", "signed-in reads come from the primary")
	_, _, body = anonymousGet(t, app, "/leagues")
	assert.Contains(t, body, "The gonzaga league", "just after a write, anonymous reads stay on the primary")

	status, out := app.api(http.MethodPost, "/api/v1/leagues", org.token,
		map[string]any{"name": "Written", "game": "arcs", "players_per_game": 4})
	require.Equal(t, http.StatusCreated, status, "writes go to the primary")
	_, err := primary.League(t.Context(), int64(out["id"].(float64)))
	require.NoError(t, err)
	res, err := app.srv.Client().Get(app.srv.URL + "/healthz")
	require.NoError(t, err)
	res.Body.Close()
	assert.Equal(t, http.StatusOK, res.StatusCode)
}

// A league made private while the replica lags is never served from the replica, however
// long it lags (the router used to trust the replica again 5 s after a write); once the
// replica has replayed the change, anonymous reads go to it again.
func TestALaggingReplicaNeverServesAWriteItHasNotReplayed(t *testing.T) {
	t.Parallel()
	replica := newStreamingReplica(t)
	primary, standby := storeOn(t, replica.primary, nil), storeOn(t, replica.standby, nil)
	app := newTestAppOn(t, primary, web.Config{}, func(h *web.Handler) { h.ReadFrom(standby) })
	org := app.newPlayers("org", 1)[0]
	l := app.newLeague(org, "gonzaga", 4, 0)
	app.newLeague(org, "cartagena", 4, 0)
	replica.catchUp()
	status, body, err := freshGet(app, leaguePath(l))
	require.NoError(t, err)
	require.Equal(t, http.StatusOK, status)
	require.Contains(t, body, "The gonzaga league")

	replica.pauseReplay()
	status, out := app.api(http.MethodPut, fmt.Sprintf("/api/v1/leagues/%d/privacy", l.ID), org.token,
		map[string]any{"private": true})
	require.Equal(t, http.StatusOK, status, out)
	var served atomic.Value
	assert.Never(t, func() bool {
		page, _, err := freshGet(app, leaguePath(l))
		if err != nil || page != http.StatusNotFound {
			served.Store(fmt.Sprintf("its page answered %d (%v)", page, err))
			return true
		}
		_, list, err := freshGet(app, "/leagues")
		if err != nil || strings.Contains(list, "The gonzaga league") {
			served.Store(fmt.Sprintf("the list of leagues showed it (%v)", err))
			return true
		}
		return false
	}, 6*time.Second, 50*time.Millisecond, "the private league is never shown to anonymous visitors")
	assert.Nil(t, served.Load())
	onStandby, err := standby.League(t.Context(), l.ID)
	require.NoError(t, err)
	require.False(t, onStandby.Private, "the standby still lags: the league is public there")

	// Caught up, the standby answers again: a league that goes into the primary past every
	// server, with the standby paused once more, shows which database answers.
	replica.resumeReplay()
	replica.catchUp()
	replica.pauseReplay()
	app.newLeague(org, "vortex", 4, 0)
	require.Eventually(t, func() bool {
		status, list, err := freshGet(app, "/leagues")
		return err == nil && status == http.StatusOK && strings.Contains(list, "The cartagena league") &&
			!strings.Contains(list, "The vortex league")
	}, 30*time.Second, 20*time.Millisecond, "anonymous reads come from the standby once it has replayed every write")
	status, _, err = freshGet(app, leaguePath(l))
	require.NoError(t, err)
	assert.Equal(t, http.StatusNotFound, status, "the standby has the league private")
}
