// Package notify delivers the notifications the league's events wrote (store/outbox.go)
// by e-mail and to league webhooks, on River (github.com/riverqueue/river): each delivery
// is a River job inserted in its event's own transaction, worked by every server's River
// client. It words each notice for people and writes the reminders of games starting soon
// (a River periodic job). serve starts it; the web package never does.
package notify

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"
	"github.com/riverqueue/river/rivertype"

	"github.com/tablestakes/tablestakes/delivery"
	"github.com/tablestakes/tablestakes/email"
	"github.com/tablestakes/tablestakes/service"
	"github.com/tablestakes/tablestakes/store"
	"github.com/tablestakes/tablestakes/webhook"
)

// Config is how a server's notification worker is deployed, read once by serve.
type Config struct {
	// Mail is the SMTP server notifications are sent through; without an address no
	// e-mail goes out (each is given up as not configured).
	Mail email.Config
	// BaseURL is the address people reach TableStakes at (default http://127.0.0.1:8080),
	// which the links in notifications start with.
	BaseURL string
	// WebhooksToPrivateAddresses lets league webhooks reach loopback and private
	// addresses (TABLESTAKES_WEBHOOK_PRIVATE_ADDRESSES=1), for a receiver on the server's
	// own network. Off by default, so that a league organiser cannot make the server call
	// into its network.
	WebhooksToPrivateAddresses bool
	// WebhookTimeout bounds one webhook delivery, from dialling to the answer (default
	// 10 s): a slow receiver's delivery fails and is tried again later.
	WebhookTimeout time.Duration
	// Interval is how often River looks for deliveries besides being told of new ones by
	// the database (LISTEN/NOTIFY) (default 1 s).
	Interval time.Duration
}

// Queue sizes: how many deliveries one server sends at once. Mail goes one at a time
// through the one SMTP server, as before River; webhooks side by side, each webhook one
// delivery at a time (a tarpit holds one of them, never the others).
const (
	MailWorkers    = 1
	WebhookWorkers = 20
)

// ReminderEvery is how often the elected leader writes the reminders of games starting
// soon (service.Notices.EnqueueReminders).
const ReminderEvery = time.Minute

// Worker delivers the outbox (store/outbox.go) as River's workers of the mail and webhook
// queues: e-mails over SMTP and POSTs to league webhooks.
type Worker struct {
	store *store.Store
	// notices writes the reminders, with their jobs, in a transaction of its own.
	notices        *service.Notices
	mail           *email.Sender
	client         *http.Client
	baseURL        string
	interval       time.Duration
	webhookTimeout time.Duration
	logger         *slog.Logger
	// now is the worker's clock: when reminders are due, whether a webhook's pause is over
	// and when its breaker's next pause ends.
	now func() time.Time
	// sent counts the deliveries this worker sent (RunOnce's answer).
	sent atomic.Int64
	// failed holds the ids of the jobs whose attempt failed here, until River asks when
	// to try them again (nextRetry).
	failed sync.Map
}

// New returns the notification worker of a server deployed with cfg. Unless
// cfg.WebhooksToPrivateAddresses, webhooks may reach only public addresses: a league's
// organiser cannot make the server call into its own network.
func New(st *store.Store, logger *slog.Logger, cfg Config) *Worker {
	// Short timeouts: a receiver that does not answer within WebhookTimeout is a failed
	// attempt, tried again later, not a worker held up (trust review 3, finding 2).
	timeout := cfg.WebhookTimeout
	if timeout <= 0 {
		timeout = 10 * time.Second
	}
	interval := cfg.Interval
	if interval <= 0 {
		interval = time.Second
	}
	baseURL := strings.TrimRight(cfg.BaseURL, "/")
	if baseURL == "" {
		baseURL = email.DefaultBaseURL
	}
	dialer := &net.Dialer{Timeout: min(5*time.Second, timeout)}
	if !cfg.WebhooksToPrivateAddresses {
		dialer.Control = webhook.RefusePrivateAddress
	}
	transport := &http.Transport{DialContext: dialer.DialContext, TLSHandshakeTimeout: min(5*time.Second, timeout),
		ResponseHeaderTimeout: timeout, MaxIdleConns: 10, IdleConnTimeout: time.Minute}
	return &Worker{
		notices: service.NewNotices(st),
		store:   st, mail: email.NewSender(cfg.Mail), baseURL: baseURL, interval: interval, webhookTimeout: timeout,
		logger: logger, now: time.Now,
		client: &http.Client{Transport: transport, Timeout: timeout,
			// A webhook is delivered where it was registered, not wherever it redirects.
			CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }},
	}
}

// Background is the rest of a server's background work, run by the same River client as
// the deliveries (serve adds the sweeps).
type Background struct {
	Queues   map[string]river.QueueConfig
	Workers  func(*river.Workers)
	Periodic []*river.PeriodicJob
	// SoftStop is how long a stopping client lets its jobs finish before cancelling them.
	SoftStop time.Duration
}

// mailTimeout bounds one e-mail delivery (deliver's own bound is a minute).
const mailTimeout = 90 * time.Second

// NewClient returns a River client on the store's pool that works the delivery queues, the
// reminders (a periodic job of the elected leader) and bg's work.
func (w *Worker) NewClient(bg Background) (*river.Client[pgx.Tx], error) {
	workers := river.NewWorkers()
	river.AddWorker(workers, &mailWorker{w: w})
	river.AddWorker(workers, &webhookWorker{w: w})
	river.AddWorker(workers, &reminderWorker{w: w})
	if bg.Workers != nil {
		bg.Workers(workers)
	}
	queues := map[string]river.QueueConfig{
		store.QueueMail:     {MaxWorkers: MailWorkers},
		store.QueueWebhooks: {MaxWorkers: WebhookWorkers},
		queueReminders:      {MaxWorkers: 1},
	}
	for name, q := range bg.Queues {
		queues[name] = q
	}
	periodic := append([]*river.PeriodicJob{river.NewPeriodicJob(river.PeriodicInterval(ReminderEvery),
		func() (river.JobArgs, *river.InsertOpts) { return ReminderArgs{}, nil },
		&river.PeriodicJobOpts{RunOnStart: true})}, bg.Periodic...)
	return river.NewClient(riverpgxv5.New(w.store.Pool()), &river.Config{
		Queues:            queues,
		Workers:           workers,
		PeriodicJobs:      periodic,
		Logger:            riverLogger(w.logger),
		FetchCooldown:     min(100*time.Millisecond, w.interval),
		FetchPollInterval: w.interval,
		// A job still running this long after it started belongs to a server that died:
		// River gives it to another (StartDelivery then tells whether it went out). It
		// must exceed the longest delivery, so a live server's job is never taken.
		RescueStuckJobsAfter:        max(2*time.Minute, w.webhookTimeout+time.Minute, mailTimeout+time.Minute),
		RetryPolicy:                 retryPolicy{},
		CompletedJobRetentionPeriod: delivery.Retention,
		CancelledJobRetentionPeriod: delivery.Retention,
		DiscardedJobRetentionPeriod: delivery.Retention,
		SoftStopTimeout:             bg.SoftStop,
	})
}

// Run works the notification queues and the reminders until ctx ends, then stops River
// gracefully (the deliveries in flight finish, for up to 30 s). The test of a killed
// worker runs it alone in a process of its own; serve runs NewClient with the sweeps.
func (w *Worker) Run(ctx context.Context) error {
	client, err := w.NewClient(Background{SoftStop: 30 * time.Second})
	if err != nil {
		return err
	}
	if err := client.Start(ctx); err != nil {
		return err
	}
	<-ctx.Done()
	return Stop(client, 45*time.Second)
}

// Stop stops a River client gracefully, waiting up to wait for its jobs in flight, and
// then cancels them.
func Stop(client *river.Client[pgx.Tx], wait time.Duration) error {
	stopCtx, cancel := context.WithTimeout(context.Background(), wait)
	defer cancel()
	if err := client.Stop(stopCtx); err != nil {
		hard, cancelHard := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancelHard()
		return errors.Join(err, client.StopAndCancel(hard))
	}
	return nil
}

// RunOnce writes due reminders and delivers every delivery due now, and returns how many
// it sent: a River client works the queues until none of their jobs is due or being
// worked by it. Tests use it in place of a server's worker; ctx ending stops the client at
// once (the deliveries in flight are cut off, a failed attempt each).
func (w *Worker) RunOnce(ctx context.Context) (int, error) {
	if _, err := w.notices.EnqueueReminders(ctx, w.now()); err != nil {
		return 0, err
	}
	before := w.sent.Load()
	client, err := w.NewClient(Background{})
	if err != nil {
		return 0, err
	}
	if err := client.Start(ctx); err != nil {
		return 0, err
	}
	tick := time.NewTicker(10 * time.Millisecond)
	defer tick.Stop()
	queues := []string{store.QueueMail, store.QueueWebhooks}
	for {
		busy, err := w.store.JobsDue(ctx, queues, client.ID())
		if err != nil || !busy {
			stopErr := Stop(client, time.Minute)
			if ctx.Err() != nil {
				return int(w.sent.Load() - before), ctx.Err()
			}
			return int(w.sent.Load() - before), errors.Join(err, stopErr)
		}
		select {
		case <-ctx.Done():
		case <-tick.C:
		}
	}
}

// retryPolicy is when River tries a job again when its worker does not say: after
// delivery.RetryDelay.
type retryPolicy struct{}

func (retryPolicy) NextRetry(job *rivertype.JobRow) time.Time {
	return time.Now().Add(delivery.RetryDelay(max(job.Attempt, 1)))
}

// nextRetry is when River tries delivery job again: after delivery.RetryDelay when this
// worker's attempt failed; at once when River's rescuer asks, about a job whose server
// died (the attempt's first step then tells whether it went out: StartDelivery).
func (w *Worker) nextRetry(job *rivertype.JobRow) time.Time {
	if _, failedHere := w.failed.LoadAndDelete(job.ID); failedHere {
		return time.Now().Add(delivery.RetryDelay(job.Attempt))
	}
	return time.Now()
}

// mailWorker is River's worker of the mail queue.
type mailWorker struct {
	river.WorkerDefaults[store.MailArgs]
	w *Worker
}

func (m *mailWorker) Work(ctx context.Context, job *river.Job[store.MailArgs]) error {
	return m.w.noteFailure(job.JobRow, m.w.work(ctx, job.Args.Delivery, job.ID))
}

func (m *mailWorker) NextRetry(job *river.Job[store.MailArgs]) time.Time {
	return m.w.nextRetry(job.JobRow)
}

func (m *mailWorker) Timeout(*river.Job[store.MailArgs]) time.Duration { return mailTimeout }

// webhookWorker is River's worker of the webhook queue.
type webhookWorker struct {
	river.WorkerDefaults[store.WebhookArgs]
	w *Worker
}

func (h *webhookWorker) Work(ctx context.Context, job *river.Job[store.WebhookArgs]) error {
	// One delivery at a time to a webhook, oldest first: a younger one waits its turn.
	busy, err := h.w.store.WebhookBusy(ctx, job.Args.Webhook, job.ID)
	if err != nil {
		return err
	}
	if busy {
		return river.JobSnooze(time.Second)
	}
	return h.w.noteFailure(job.JobRow, h.w.work(ctx, job.Args.Delivery, job.ID))
}

// noteFailure notes that job's attempt failed here (err, neither a snooze nor a cancel)
// and is to be tried again, for nextRetry, and returns err.
func (w *Worker) noteFailure(job *rivertype.JobRow, err error) error {
	var snooze *river.JobSnoozeError
	var cancel *river.JobCancelError
	if err != nil && !errors.As(err, &snooze) && !errors.As(err, &cancel) && job.Attempt < job.MaxAttempts {
		w.failed.Store(job.ID, struct{}{})
	}
	return err
}

func (h *webhookWorker) NextRetry(job *river.Job[store.WebhookArgs]) time.Time {
	return h.w.nextRetry(job.JobRow)
}

func (h *webhookWorker) Timeout(*river.Job[store.WebhookArgs]) time.Duration {
	return h.w.webhookTimeout + 30*time.Second
}

// queueReminders is the queue of the reminders' periodic job.
const queueReminders = "reminders"

// ReminderArgs is the periodic job that writes the reminders of games starting soon.
type ReminderArgs struct{}

// Kind names the job in River's table.
func (ReminderArgs) Kind() string { return "write_reminders" }

// InsertOpts keeps one such job waiting at a time.
func (ReminderArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: queueReminders, MaxAttempts: 1, UniqueOpts: river.UniqueOpts{ByArgs: true,
		ByState: []rivertype.JobState{rivertype.JobStateAvailable, rivertype.JobStatePending, rivertype.JobStateScheduled,
			rivertype.JobStateRunning, rivertype.JobStateRetryable}}}
}

type reminderWorker struct {
	river.WorkerDefaults[ReminderArgs]
	w *Worker
}

func (r *reminderWorker) Work(ctx context.Context, _ *river.Job[ReminderArgs]) error {
	n, err := r.w.notices.EnqueueReminders(ctx, r.w.now())
	if n > 0 {
		r.w.logger.Info("wrote game reminders", "count", n)
	}
	return err
}

// errUnknown is the error of a delivery its server died handing over.
var errUnknown = errors.New("the server stopped while sending it, after handing it over: " +
	"it may or may not have arrived, so it is not sent again by itself")

// work makes one attempt at delivery id, River's job jobID: it sends it unless an earlier
// attempt finished sending it (sent) or handed it over and died (unknown: not sent again),
// and records how far the send got, so that a server dying at any moment leaves the
// delivery's outcome known or marked unknown, never sent twice unawares.
func (w *Worker) work(ctx context.Context, id, jobID int64) error {
	d, state, err := w.store.StartDelivery(ctx, id)
	if err != nil {
		return err
	}
	switch state {
	case store.DeliveryGone, store.DeliverySent:
		return nil
	case store.DeliveryUnknown:
		if err := w.store.MarkDeliveryUnknown(ctx, id); err != nil {
			return err
		}
		w.logger.Warn("notification outcome unknown", "delivery", id, "channel", d.Channel)
		return river.JobCancel(errUnknown)
	}
	if now := w.now(); webhook.Paused(d.PausedUntil, now) {
		// The webhook's breaker is open: the delivery waits, no attempt spent.
		return river.JobSnooze(max(d.PausedUntil.Sub(now), time.Second))
	}
	handed := func() error { return w.store.DeliveryHandedOver(ctx, id) }
	sendErr := w.deliver(ctx, d, handed)
	// The outcome is recorded even when ctx has just ended, so that a delivery that went
	// out is never left to look interrupted.
	rctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 10*time.Second)
	defer cancel()
	if sendErr == nil {
		if err := w.store.DeliverySent(rctx, id); err != nil {
			return err // tried again: StartDelivery finds it handed over, so unknown
		}
		w.sent.Add(1)
		return nil
	}
	var p permanent
	isPermanent := errors.As(sendErr, &p)
	if err := w.attemptFailed(rctx, id, isPermanent); err != nil {
		return errors.Join(sendErr, err)
	}
	w.logger.Warn("notification not delivered", "delivery", id, "job", jobID, "channel", d.Channel, "error", sendErr.Error())
	if isPermanent {
		return river.JobCancel(p.error)
	}
	if ctx.Err() != nil {
		// A server stopping cut the send off: a failed attempt, tried again later (River
		// would otherwise take an interrupted job for one never tried).
		return errors.New(sendErr.Error())
	}
	return sendErr
}

// attemptFailed records that an attempt of delivery id failed with an answer, and opens its
// webhook's breaker after failures in a row (webhook.PausedUntil), in one transaction that
// holds the webhook's row: a permanent failure moves no breaker.
func (w *Worker) attemptFailed(ctx context.Context, id int64, permanent bool) error {
	return pgx.BeginFunc(ctx, w.store.Pool(), func(tx pgx.Tx) error {
		hookID, failures, err := w.store.DeliveryFailed(ctx, tx, id, permanent)
		if err != nil || hookID == 0 {
			return err
		}
		if until, paused := webhook.PausedUntil(failures, w.now()); paused {
			return w.store.PauseWebhook(ctx, tx, hookID, until)
		}
		return nil
	})
}

// errHandOff wraps a failure to record a hand-over: the message is not handed over.
func errHandOff(err error) error {
	return fmt.Errorf("not sent: its hand-over could not be recorded: %w", err)
}

// riverLogger is the logger River's own lines go to: its warnings and errors, and its
// running commentary (jobs retried, counts, maintenance) only when the server logs at
// debug level.
func riverLogger(logger *slog.Logger) *slog.Logger {
	if logger.Enabled(context.Background(), slog.LevelDebug) {
		return logger
	}
	return slog.New(atLeast{Handler: logger.Handler(), min: slog.LevelWarn})
}

// atLeast is a handler that passes on only records of level min and above.
type atLeast struct {
	slog.Handler
	min slog.Level
}

func (h atLeast) Enabled(ctx context.Context, l slog.Level) bool {
	return l >= h.min && h.Handler.Enabled(ctx, l)
}

func (h atLeast) WithAttrs(attrs []slog.Attr) slog.Handler {
	return atLeast{Handler: h.Handler.WithAttrs(attrs), min: h.min}
}

func (h atLeast) WithGroup(name string) slog.Handler {
	return atLeast{Handler: h.Handler.WithGroup(name), min: h.min}
}
