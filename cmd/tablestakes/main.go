// Command tablestakes is the TableStakes league manager: the web server and the
// command-line tools for scoring, scheduling and rating (see ../shared/CONTRACT.md).
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"syscall"
)

const usage = `usage: tablestakes COMMAND [flags]

commands:
  serve [--addr HOST:PORT]   serve the web app and the JSON API (reads DATABASE_URL)
  migrate                    apply pending database migrations and exit
  score SYSTEM               score one game result read as JSON on stdin
  schedule --players N --per-game K [--seed S] [--rounds] [--games-per-player R]
                             print a balanced league schedule as JSON
  rate                       replay a ladder of scored games read as JSON on stdin
  backtest                   replay a ladder as rate does, forecasting each game from the ones before it
  vortex position            score a Vortex board read as JSON on stdin (distance minus vulnerability)
  supercat turn              the start of one SUPERCAT bot turn, its state read as JSON on stdin
  user reset-link USERNAME   print a single-use password-reset link (valid an hour) for the account
`

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	err := run(ctx, os.Args[1:], os.Stdin, os.Stdout)
	stop()
	if err != nil {
		fmt.Fprintln(os.Stderr, "tablestakes:", oneLine(err.Error()))
		var bad *inputError
		if errors.As(err, &bad) {
			os.Exit(2)
		}
		os.Exit(1)
	}
}

// run dispatches one command line to its subcommand.
func run(ctx context.Context, args []string, stdin io.Reader, stdout io.Writer) error {
	if len(args) == 0 {
		return badInput(errors.New("missing command (one of serve, migrate, score, schedule, rate, backtest, vortex, supercat, user; see tablestakes help)"))
	}
	cmd, rest := args[0], args[1:]
	switch cmd {
	case "serve":
		return runServe(ctx, rest, stdout)
	case "migrate":
		return runMigrate(ctx, rest, stdout)
	case "score":
		return runScore(rest, stdin, stdout)
	case "schedule":
		return runSchedule(rest, stdout)
	case "rate":
		return runRate(rest, stdin, stdout)
	case "backtest":
		return runBacktest(rest, stdin, stdout)
	case "vortex":
		return runVortex(rest, stdin, stdout)
	case "supercat":
		return runSupercat(rest, stdin, stdout)
	case "user":
		return runUser(ctx, rest, stdout)
	case "help", "-h", "--help":
		_, err := io.WriteString(stdout, usage)
		return err
	default:
		return badInput(fmt.Errorf("unknown command %q (one of serve, migrate, score, schedule, rate, backtest, vortex, supercat, user; see tablestakes help)", cmd))
	}
}

// oneLine folds a multi-line error (pgx lists every address it tried on its own line) into
// the one line CONTRACT promises.
func oneLine(msg string) string {
	var b strings.Builder
	for _, l := range strings.FieldsFunc(msg, func(r rune) bool { return r == '\n' || r == '\r' }) {
		l = strings.TrimSpace(l)
		switch s := b.String(); {
		case s == "":
		case strings.HasSuffix(s, ":"):
			b.WriteString(" ")
		default:
			b.WriteString("; ")
		}
		b.WriteString(l)
	}
	return b.String()
}

// inputError marks an error caused by the caller's input: the process exits with status 2.
type inputError struct{ err error }

func (e *inputError) Error() string { return e.err.Error() }
func (e *inputError) Unwrap() error { return e.err }

// badInput wraps err as an input error (exit status 2).
func badInput(err error) error { return &inputError{err: err} }
