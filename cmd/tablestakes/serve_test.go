package main

import (
	"bufio"
	"context"
	"errors"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptrace"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"
	"github.com/riverqueue/river/rivermigrate"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablestakes/tablestakes/email"
	"github.com/tablestakes/tablestakes/notify"
	"github.com/tablestakes/tablestakes/store"
	"github.com/tablestakes/tablestakes/storetest"
	"github.com/tablestakes/tablestakes/web"
)

var (
	buildOnce sync.Once
	binary    string
	buildErr  error
)

// tablestakesBinary builds the command once for the tests that run it as a real process.
func tablestakesBinary(t testing.TB) string {
	t.Helper()
	buildOnce.Do(func() {
		dir, err := os.MkdirTemp("", "tablestakes-bin-")
		if err != nil {
			buildErr = err
			return
		}
		binary = filepath.Join(dir, "tablestakes")
		out, err := exec.Command("go", "build", "-o", binary, ".").CombinedOutput()
		if err != nil {
			buildErr = errors.New(string(out))
		}
	})
	require.NoError(t, buildErr, "build tablestakes")
	return binary
}

// TestMain runs the package's tests (dropping the databases of those that pass in the
// background, storetest.Main) and removes the built command.
func TestMain(m *testing.M) {
	code := storetest.Main(m)
	if binary != "" {
		os.RemoveAll(filepath.Dir(binary))
	}
	os.Exit(code)
}

// server is a running `tablestakes serve` process.
type server struct {
	cmd *exec.Cmd
	url string
	// done is closed when the process has exited; waitErr is then its exit error.
	done    chan struct{}
	waitErr error
	mu      sync.Mutex
	logs    strings.Builder
	// logged is closed, and replaced, at every line the server logs.
	logged chan struct{}
}

var servingRE = regexp.MustCompile(`msg=serving addr=(http://\S+)`)

// startServer runs `tablestakes serve` on a free port and waits until it listens.
func startServer(t *testing.T, databaseURL string, args ...string) *server {
	t.Helper()
	return startServerWithEnv(t, nil, databaseURL, args...)
}

// startServerWithEnv is startServer with the variables env (KEY=value) added to the
// server's environment.
func startServerWithEnv(t *testing.T, env []string, databaseURL string, args ...string) *server {
	t.Helper()
	cmd := exec.Command(tablestakesBinary(t), append([]string{"serve", "--addr", "127.0.0.1:0"}, args...)...)
	cmd.Env = append(append(os.Environ(), "DATABASE_URL="+databaseURL, "TABLESTAKES_LOG_FORMAT=text"), env...)
	stderr, err := cmd.StderrPipe()
	require.NoError(t, err)
	require.NoError(t, cmd.Start())
	s := &server{cmd: cmd, done: make(chan struct{}), logged: make(chan struct{})}
	found := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(stderr)
		for sc.Scan() {
			line := sc.Text()
			s.mu.Lock()
			s.logs.WriteString(line + "\n")
			close(s.logged)
			s.logged = make(chan struct{})
			s.mu.Unlock()
			if m := servingRE.FindStringSubmatch(line); m != nil {
				found <- m[1]
			}
		}
		s.waitErr = cmd.Wait()
		close(s.done)
	}()
	t.Cleanup(func() {
		select {
		case <-s.done:
		default:
			if err := cmd.Process.Kill(); err != nil {
				t.Errorf("kill server: %v", err)
			}
			<-s.done
		}
		if t.Failed() {
			t.Logf("server log:\n%s", s.log())
		}
	})
	select {
	case s.url = <-found:
	case <-s.done:
		t.Fatalf("server exited before listening: %v\n%s", s.waitErr, s.log())
	case <-time.After(60 * time.Second):
		t.Fatalf("server did not start listening:\n%s", s.log())
	}
	return s
}

func (s *server) log() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.logs.String()
}

// awaitLog waits until the server has logged a line matching re and returns the match. It
// fails the test when the server exits first (or after 30 s, a bound on a stuck server,
// never a measure of the test).
func (s *server) awaitLog(t *testing.T, re *regexp.Regexp) string {
	t.Helper()
	stuck := time.After(30 * time.Second)
	for {
		s.mu.Lock()
		logs, logged := s.logs.String(), s.logged
		s.mu.Unlock()
		if m := re.FindString(logs); m != "" {
			return m
		}
		select {
		case <-logged:
		case <-s.done:
			if m := re.FindString(s.log()); m != "" {
				return m
			}
			t.Fatalf("server exited (%v) before logging %s", s.waitErr, re)
		case <-stuck:
			t.Fatalf("server did not log %s", re)
		}
	}
}

func TestServeAnswersHealthzAndDrainsOnSIGTERM(t *testing.T) {
	t.Parallel()
	srv := startServerWithEnv(t, []string{"TABLESTAKES_LOG_LEVEL=debug"}, storetest.NewDatabase(t))

	res, err := http.Get(srv.url + "/healthz")
	require.NoError(t, err)
	res.Body.Close()
	assert.Equal(t, http.StatusOK, res.StatusCode)

	// A request still arriving when SIGTERM comes: its body is sent in two halves, on a
	// connection of its own whose address the server's log names.
	body, feed := io.Pipe()
	connected := make(chan string, 1)
	req, err := http.NewRequestWithContext(httptrace.WithClientTrace(context.Background(), &httptrace.ClientTrace{
		GotConn: func(info httptrace.GotConnInfo) { connected <- info.Conn.LocalAddr().String() },
	}), http.MethodPost, srv.url+"/api/v1/signup", body)
	require.NoError(t, err)
	req.Header.Set("Content-Type", "application/json")
	answered := make(chan *http.Response, 1)
	failed := make(chan error, 1)
	go func() {
		res, err := (&http.Client{Transport: &http.Transport{}}).Do(req)
		if err != nil {
			failed <- err
			return
		}
		answered <- res
	}()
	_, err = io.WriteString(feed, `{"username":"late","display_name":"Late Arrival",`)
	require.NoError(t, err)
	// The server has read the request's head: from here on a shutdown waits for it.
	var client string
	select {
	case client = <-connected:
	case err := <-failed:
		t.Fatalf("request failed: %v", err)
	}
	srv.awaitLog(t, regexp.MustCompile(`msg="request started" remote=`+regexp.QuoteMeta(client)+`\n`))

	require.NoError(t, srv.cmd.Process.Signal(syscall.SIGTERM))
	// The server has stopped listening and is draining: it must not exit with the request
	// in flight.
	srv.awaitLog(t, regexp.MustCompile(`msg="stopped listening; waiting for requests in flight"`))
	select {
	case <-srv.done:
		t.Fatalf("server exited with a request in flight: %v", srv.waitErr)
	case err := <-failed:
		t.Fatalf("in-flight request failed at shutdown: %v", err)
	default:
	}
	_, err = net.Dial("tcp", strings.TrimPrefix(srv.url, "http://"))
	require.Error(t, err, "a new connection is refused while draining")

	_, err = io.WriteString(feed, `"password":"finally-here"}`)
	require.NoError(t, err)
	require.NoError(t, feed.Close())
	select {
	case res := <-answered:
		res.Body.Close()
		assert.Equal(t, http.StatusCreated, res.StatusCode, "the in-flight request completes")
	case err := <-failed:
		t.Fatalf("in-flight request failed: %v", err)
	case <-time.After(30 * time.Second):
		t.Fatal("in-flight request got no answer")
	}
	select {
	case <-srv.done:
		require.NoError(t, srv.waitErr, "exit status 0 after draining")
	case <-time.After(30 * time.Second):
		t.Fatal("server did not exit after SIGTERM")
	}
	assert.Contains(t, srv.log(), "msg=stopped")
}

func TestServeRefusesNewerSchema(t *testing.T) {
	t.Parallel()
	url := storetest.NewDatabase(t)
	ctx := context.Background()
	conn, err := pgx.Connect(ctx, url)
	require.NoError(t, err)
	latest, err := store.LatestSchemaVersion()
	require.NoError(t, err)
	_, err = conn.Exec(ctx, `INSERT INTO goose_db_version (version_id, is_applied) VALUES ($1, true)`, latest+1)
	require.NoError(t, err)
	require.NoError(t, conn.Close(ctx))

	for _, command := range []string{"serve", "migrate"} {
		cmd := exec.Command(tablestakesBinary(t), command, "--addr", "127.0.0.1:0")
		if command == "migrate" {
			cmd = exec.Command(tablestakesBinary(t), command)
		}
		cmd.Env = append(os.Environ(), "DATABASE_URL="+url)
		out, err := cmd.CombinedOutput()
		var exit *exec.ExitError
		require.ErrorAs(t, err, &exit, "%s must fail:\n%s", command, out)
		assert.Equal(t, 1, exit.ExitCode(), command)
		assert.Contains(t, string(out), "database schema is newer than this binary knows", command)
		assert.Equal(t, 1, strings.Count(strings.TrimSpace(string(out)), "\n")+1, "%s: one line:\n%s", command, out)
	}
}

func TestMigrateCreatesAndMigratesTheDatabase(t *testing.T) {
	t.Parallel()
	url := storetest.MissingDatabase(t)
	latest, err := store.LatestSchemaVersion()
	require.NoError(t, err)

	for range 2 {
		cmd := exec.Command(tablestakesBinary(t), "migrate")
		cmd.Env = append(os.Environ(), "DATABASE_URL="+url)
		out, err := cmd.CombinedOutput()
		require.NoError(t, err, string(out))
		assert.Equal(t, "database at schema version "+strconv.FormatInt(latest, 10)+"\n", string(out))
	}
	// River's tables come with the same step, made by River's own migrator.
	pool, err := pgxpool.New(context.Background(), url)
	require.NoError(t, err)
	defer pool.Close()
	migrator, err := rivermigrate.New(riverpgxv5.New(pool), nil)
	require.NoError(t, err)
	valid, err := migrator.Validate(context.Background(), nil)
	require.NoError(t, err)
	assert.True(t, valid.OK, "River's migrations are all applied: %v", valid.Messages)
}

func TestServeConfig(t *testing.T) {
	t.Parallel()
	env := func(kv ...string) func(string) string {
		return func(key string) string {
			for i := 0; i+1 < len(kv); i += 2 {
				if kv[i] == key {
					return kv[i+1]
				}
			}
			return ""
		}
	}
	cfg, err := loadServeConfig("serve", nil, env())
	require.NoError(t, err)
	assert.Equal(t, "127.0.0.1:8080", cfg.Addr)
	assert.Equal(t, store.DefaultDatabaseURL, cfg.DatabaseURL)
	assert.False(t, cfg.Demo)
	assert.False(t, cfg.Web.SecureCookies)
	assert.Equal(t, slog.LevelInfo, cfg.LogLevel)
	assert.Equal(t, int32(10), cfg.DatabasePoolSize, "the pool is sized by the configuration, not pgx's 4")

	cfg, err = loadServeConfig("serve", []string{"--addr", ":9000", "--demo"}, env(
		"DATABASE_URL", "postgres://db.example/ts",
		"DATABASE_READ_URL", "postgres://replica.example/ts",
		"TABLESTAKES_SECURE_COOKIES", "true",
		"TABLESTAKES_TRUST_PROXY", "1",
		"TABLESTAKES_LOG_FORMAT", "json",
		"TABLESTAKES_LIMIT_SIGNUP", "60/2h",
		"TABLESTAKES_LIMIT_LOGIN_ACCOUNT", "50/1h",
		"TABLESTAKES_LIMIT_LOGIN_VENUE", "500/1m",
		"TABLESTAKES_SESSION_IDLE_TIMEOUT", "30m",
		"TABLESTAKES_REQUEST_TIMEOUT", "4s",
		"TABLESTAKES_LOG_LEVEL", "debug",
		"TABLESTAKES_DB_POOL_SIZE", "25",
	))
	require.NoError(t, err)
	assert.Equal(t, int32(25), cfg.DatabasePoolSize)
	assert.Equal(t, web.Limit{Attempts: 60, Per: 2 * time.Hour}, cfg.Web.SignupPerIP)
	assert.Equal(t, web.Limit{Attempts: 50, Per: time.Hour}, cfg.Web.LoginPerAccount)
	assert.Equal(t, web.Limit{Attempts: 500, Per: time.Minute}, cfg.Web.LoginPerVenue)
	assert.Equal(t, 30*time.Minute, cfg.Web.SessionIdleTimeout)
	assert.Equal(t, 4*time.Second, cfg.Web.RequestTimeout)
	assert.Equal(t, ":9000", cfg.Addr)
	assert.True(t, cfg.Demo)
	assert.Equal(t, "postgres://db.example/ts", cfg.DatabaseURL)
	assert.Equal(t, "postgres://replica.example/ts", cfg.DatabaseReadURL)
	assert.True(t, cfg.Web.SecureCookies)
	assert.True(t, cfg.Web.TrustProxy)
	assert.True(t, cfg.LogJSON)
	assert.Equal(t, slog.LevelDebug, cfg.LogLevel)

	// The notification worker is deployed with the web side's mail, address and webhook
	// addresses, read once.
	cfg, err = loadServeConfig("serve", nil, env(
		"TABLESTAKES_SMTP_ADDR", "smtp.club.example:587",
		"TABLESTAKES_SMTP_FROM", "league@club.example",
		"TABLESTAKES_BASE_URL", "https://club.example/",
		"TABLESTAKES_WEBHOOK_PRIVATE_ADDRESSES", "true",
	))
	require.NoError(t, err)
	assert.Equal(t, notify.Config{Mail: email.Config{Addr: "smtp.club.example:587", From: "league@club.example"},
		BaseURL: "https://club.example", WebhooksToPrivateAddresses: true}, cfg.Notify)
	assert.Equal(t, cfg.Web.Mail, cfg.Notify.Mail)
	assert.True(t, cfg.Web.WebhooksToPrivateAddresses)

	for _, tc := range []struct {
		name string
		args []string
		env  func(string) string
		want string
	}{
		{"bad addr", []string{"--addr", "8080"}, env(), "--addr: address 8080: missing port in address"},
		{"unknown flag", []string{"--port", "1"}, env(), "serve: flag provided but not defined: -port"},
		{"stray argument", []string{"now"}, env(), `serve: unexpected argument "now"`},
		{"bad boolean", nil, env("TABLESTAKES_SECURE_COOKIES", "maybe"), `TABLESTAKES_SECURE_COOKIES: want true or false, got "maybe"`},
		{"bad limit", nil, env("TABLESTAKES_LIMIT_SIGNUP", "many"), `TABLESTAKES_LIMIT_SIGNUP: want a number of attempts and a period such as 40/1h, got "many"`},
		{"bad limit period", nil, env("TABLESTAKES_LIMIT_LOGIN_ACCOUNT", "100/hour"), `TABLESTAKES_LIMIT_LOGIN_ACCOUNT: want a period of at least 1s such as 1h or 10m after the slash, got "100/hour"`},
		{"bad idle timeout", nil, env("TABLESTAKES_SESSION_IDLE_TIMEOUT", "forever"), `TABLESTAKES_SESSION_IDLE_TIMEOUT: want a duration of at least 1m such as 12h, got "forever"`},
		{"bad log format", nil, env("TABLESTAKES_LOG_FORMAT", "xml"), `TABLESTAKES_LOG_FORMAT: want text or json, got "xml"`},
		{"bad pool size", nil, env("TABLESTAKES_DB_POOL_SIZE", "1"), `TABLESTAKES_DB_POOL_SIZE: want a number of connections from 2 to 1000, got "1"`},
		{"bad log level", nil, env("TABLESTAKES_LOG_LEVEL", "DEBUG+1"), `TABLESTAKES_LOG_LEVEL: want debug, info, warn or error, got "DEBUG+1"`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := loadServeConfig("serve", tc.args, tc.env)
			var bad *inputError
			require.ErrorAs(t, err, &bad, "input errors exit with status 2")
			assert.EqualError(t, err, tc.want)
		})
	}
}
