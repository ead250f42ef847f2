package notify_test

import (
	"context"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablestakes/tablestakes/email"
	"github.com/tablestakes/tablestakes/email/emailtest"
	"github.com/tablestakes/tablestakes/notify"
	"github.com/tablestakes/tablestakes/store"
)

// The environment that turns this test binary into a notification worker (workerProcess), for
// the test that kills one with SIGKILL.
const (
	workerDBEnv   = "TABLESTAKES_TEST_WORKER_DATABASE_URL"
	workerSMTPEnv = "TABLESTAKES_TEST_WORKER_SMTP_ADDR"
	workerHookEnv = "TABLESTAKES_TEST_WORKER_WEBHOOK_TIMEOUT"
)

// workerProcess runs this test binary as a notification worker instead of its tests when
// the killing test started it so (TestMain asks first), and exits.
func workerProcess() {
	if db := os.Getenv(workerDBEnv); db != "" {
		os.Exit(runWorker(db))
	}
}

// runWorker is a server's notification worker and nothing else, in a process of its own,
// until it is killed.
func runWorker(dbURL string) int {
	ctx := context.Background()
	pool, err := pgxpool.New(ctx, dbURL)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	timeout, err := time.ParseDuration(os.Getenv(workerHookEnv))
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	cfg := notify.Config{Mail: email.Config{Addr: os.Getenv(workerSMTPEnv), From: "league@club.example"},
		WebhooksToPrivateAddresses: true, WebhookTimeout: timeout, Interval: 50 * time.Millisecond}
	logger := slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelError}))
	if err := notify.New(store.New(pool), logger, cfg).Run(ctx); err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	return 0
}

// silentSMTP is an SMTP server that accepts connections and never says a word: a send to
// it hangs until the connection is dropped or its context ends.
type silentSMTP struct {
	addr string
	// accepted receives once for every connection accepted.
	accepted chan struct{}
	mu       sync.Mutex
	conns    []net.Conn
}

// newSilentSMTP starts a silent SMTP server, closed with its connections when t ends.
func newSilentSMTP(t *testing.T) *silentSMTP {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	s := &silentSMTP{addr: ln.Addr().String(), accepted: make(chan struct{}, 10)}
	go func() {
		for {
			conn, err := ln.Accept()
			if err != nil {
				return
			}
			s.mu.Lock()
			s.conns = append(s.conns, conn)
			s.mu.Unlock()
			s.accepted <- struct{}{}
		}
	}()
	t.Cleanup(func() {
		ln.Close()
		s.hangUp()
	})
	return s
}

// hangUp drops every connection accepted so far: the sends waiting on them fail.
func (s *silentSMTP) hangUp() {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, c := range s.conns {
		c.Close()
	}
	s.conns = nil
}

// A worker killed with SIGKILL in the middle of its work (trust review 3, finding 2): its
// process is stuck sending one league's webhook to a tarpit and one e-mail to an SMTP
// server that never answers, with more e-mails waiting behind it. Another server's worker
// sends every e-mail the dead worker had not started, once, over the real SMTP server
// right after the kill; once River rescues the two it was sending, the mail (never handed
// over) is sent and the webhook (handed over) is marked unknown, never sent twice:
// nothing is lost or doubled.
func TestKilledWorkerLosesAndDoublesNothing(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	smtp := emailtest.NewServer(t)
	cfg := notify.Config{Mail: smtp.Config(), BaseURL: "https://club.example", WebhooksToPrivateAddresses: true,
		WebhookTimeout: time.Minute}
	app := newTestApp(t, cfg)

	held := make(chan struct{}, 10)
	release := make(chan struct{})
	tarpit := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		held <- struct{}{}
		select {
		case <-release:
		case <-r.Context().Done():
		}
	}))
	t.Cleanup(tarpit.Close)
	t.Cleanup(func() { close(release) })
	// An SMTP server that accepts and never says a word, for the worker to be killed.
	silent := newSilentSMTP(t)
	accepted := silent.accepted

	orgA := app.NewPlayers("orga", 1)[0]
	slow := app.newLeague(orgA, "cartagena", 4, 0)
	status, body := app.API(http.MethodPost, fmt.Sprintf("/api/v1/leagues/%d/webhooks", slow.ID), orgA.Token,
		map[string]any{"url": tarpit.URL, "format": "json"})
	require.Equal(t, http.StatusCreated, status, body)
	app.join(slow, app.NewPlayers("slowplayer", 8))
	var members []player
	for _, prefix := range []string{"tuesday", "friday"} {
		org := app.NewPlayers(prefix+"org", 1)[0]
		ps := app.verifiedPlayers(prefix, 8)
		app.join(app.newLeague(org, "gonzaga", 4, 0), ps)
		members = append(members, ps...)
	}

	worker := exec.Command(os.Args[0], "-test.run=^$")
	worker.Env = append(os.Environ(), workerDBEnv+"="+app.store.Pool().Config().ConnString(),
		workerSMTPEnv+"="+silent.addr, workerHookEnv+"=10m")
	worker.Stderr = t.Output()
	require.NoError(t, worker.Start())
	t.Cleanup(func() {
		if worker.ProcessState == nil {
			_ = worker.Process.Kill() // the test failed before killing it
			_ = worker.Wait()
		}
	})
	for _, ch := range []chan struct{}{held, accepted} { // generous deadlines for "eventually"
		select {
		case <-ch:
		case <-time.After(2 * time.Minute):
			t.Fatal("the worker never got stuck on the webhook and the mail")
		}
	}
	require.NoError(t, worker.Process.Signal(syscall.SIGKILL))
	require.Error(t, worker.Wait(), "killed")

	pool := app.store.Pool()
	var started, handed int
	require.NoError(t, pool.QueryRow(ctx, `
		SELECT count(*), count(o.handed_at) FROM river_job j JOIN outbox o ON o.job_id = j.id
		WHERE j.state = 'running' AND j.queue IN ('mail', 'webhooks')`).Scan(&started, &handed))
	assert.Equal(t, 2, started, "the dead worker was sending one webhook and one mail")
	assert.Equal(t, 1, handed, "the webhook's request was handed to the tarpit; the mail never reached its data")
	// Another server's worker looks for work: every e-mail the dead worker had not started
	// is waiting for it (River fetches only what a worker works), so one run sends them.
	// That is the promise: a dead server holds up no other league's mail.
	logger := slog.New(slog.NewTextHandler(t.Output(), &slog.HandlerOptions{Level: slog.LevelError}))
	_, err := notify.New(app.store, logger, cfg).RunOnce(ctx)
	require.NoError(t, err)
	var unsent, inFlight int
	require.NoError(t, pool.QueryRow(ctx, `
		SELECT count(*) FILTER (WHERE o.sent_at IS NULL AND o.channel = 'email'), count(*) FILTER (WHERE j.state = 'running')
		FROM outbox o JOIN river_job j ON j.id = o.job_id`).Scan(&unsent, &inFlight))
	assert.Equal(t, 1, unsent, "every e-mail but the one in flight went out at once")
	assert.Equal(t, started, inFlight, "the two in flight are still the dead worker's")
	got := map[string]int{}
	for range len(members) - 1 {
		m, ok := smtp.Next(time.Second) // already there: the server took each before answering
		require.True(t, ok, "the mails arrive (got %v)", got)
		for _, to := range m.To {
			got[to]++
		}
	}
	// Once River's rescuer takes the dead worker's jobs back (set-up: they started a day
	// ago, past RescueStuckJobsAfter, and the dead leader's term is over), the mail it was
	// sending, certainly not handed over, is sent; the webhook it had handed over may have
	// arrived: it is marked unknown, never sent again by itself (issue 35, item 9).
	_, err = pool.Exec(ctx, `UPDATE river_job SET attempted_at = attempted_at - interval '1 day' WHERE state = 'running'`)
	require.NoError(t, err)
	_, err = pool.Exec(ctx, `DELETE FROM river_leader`)
	require.NoError(t, err)
	runCtx, stopRun := context.WithCancel(ctx)
	ran := make(chan error, 1)
	go func() { ran <- notify.New(app.store, logger, cfg).Run(runCtx) }()
	settled := func() bool {
		rows, err := app.store.Outbox(ctx)
		if err != nil {
			return false
		}
		for _, r := range rows {
			if r.Status != "sent" && r.Status != "unknown" {
				return false
			}
		}
		return true
	}
	assert.Eventually(t, settled, 2*time.Minute, 20*time.Millisecond, "the rescued deliveries settle")
	stopRun()
	require.NoError(t, <-ran)
	m, ok := smtp.Next(time.Second)
	require.True(t, ok, "the mail in flight arrives once rescued")
	for _, to := range m.To {
		got[to]++
	}

	rows, err := app.store.Outbox(ctx)
	require.NoError(t, err)
	wantMail := map[string]bool{}
	unknown := 0
	for _, r := range rows {
		switch {
		case r.Status == "sent" && r.Channel == store.ChannelEmail:
			wantMail[r.Recipient+"@club.example"] = true
		case r.Status == "unknown":
			assert.Equal(t, store.ChannelWebhook, r.Channel)
			assert.Contains(t, r.LastError, "may or may not have arrived", r.EventKey)
			unknown++
		default:
			assert.Equal(t, "sent", r.Status, "%s to %s", r.EventKey, r.Recipient)
		}
	}
	assert.Equal(t, 1, unknown, "only what the dead worker had handed over is unknown")
	assert.Len(t, wantMail, len(members), "every mail was sent")
	for to := range wantMail {
		assert.Equal(t, 1, got[to], to)
	}
	_, more := smtp.Next(200 * time.Millisecond)
	assert.False(t, more, "no mail twice")
}
