// Command loadtest fills a TableStakes database with load-test data: 1,000 running leagues
// and 100,000 recorded games by default, every result recorded through service.Results.Record
// (scoring, standings and rating ledger, exactly as the app records them). It is the data
// set of the performance figures of docs/performance.md:
//
//	go run ./cmd/loadtest -db postgres://postgres@127.0.0.1:5432/tablestakes_perf?sslmode=disable
//
// then serve that database and point wrk at it (scripts/loadtest/run.sh does both).
// With -unplayed K, the last K games of each league's schedule are left to record, and
//
//	go run ./cmd/loadtest record -db URL -server http://127.0.0.1:8097 -rate 20 -except 1
//
// records them through a server's API, RATE results a second spread over the leagues other
// than -except, until stopped (SIGINT, SIGTERM) or out of games, and prints how many it
// recorded and how fast (scripts/loadtest/under-writes.sh measures pages while it runs).
//
// The seed's schedules have at most 56 games a league; to reach 100 games a league the tool
// extends each league's real schedule (built by the last, N-th, join; -size sets N, 8 by default) by repeating its games' seat
// sets under new numbers. Those extra games are load-test data only: this tool inserts them
// with plain SQL, the one thing here that does not go through the store.
package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"log"
	"os"
	"sync"
	"sync/atomic"
	"time"

	"golang.org/x/crypto/bcrypt"

	"github.com/tablestakes/tablestakes/scoring"
	"github.com/tablestakes/tablestakes/service"
	"github.com/tablestakes/tablestakes/store"
)

func main() {
	run := fill
	if len(os.Args) > 1 && os.Args[1] == "record" {
		os.Args = append(os.Args[:1], os.Args[2:]...)
		run = recordThroughServer
	}
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "loadtest:", err)
		os.Exit(1)
	}
}

func fill() error {
	dbURL := flag.String("db", "postgres://postgres@127.0.0.1:5432/tablestakes_perf?sslmode=disable", "database to fill")
	leagues := flag.Int("leagues", 1000, "running leagues to create")
	gamesPer := flag.Int("games", 100, "recorded games per league")
	players := flag.Int("players", 2000, "player accounts")
	workers := flag.Int("workers", 4, "concurrent recorders")
	size := flag.Int("size", store.DefaultLeagueSize, "members of each league (3..32)")
	unplayed := flag.Int("unplayed", 0, "games added to each league's schedule (after -games) and left to record")
	// Every league but the first is organised by one of two organisers in turn, so that the
	// pages of "organiser" can be measured while "organiser2" records results in leagues of
	// their own (loadtest record -as organiser2).
	flag.Parse()
	ctx := context.Background()

	st, err := store.Open(ctx, *dbURL, store.WithPasswordCost(bcrypt.MinCost))
	if err != nil {
		return err
	}
	defer st.Close()
	if err := service.NewLadders(st).Upgrade(ctx); err != nil {
		return err
	}
	n, err := st.UserCount(ctx)
	if err != nil {
		return err
	}
	if n > 0 {
		return errors.New("the database already has accounts; use an empty one")
	}

	start := time.Now()
	org, err := st.CreateUser(ctx, store.NewUser{Username: "organiser", DisplayName: "Load Organiser", Password: "tablestakes"})
	if err != nil {
		return err
	}
	org2, err := st.CreateUser(ctx, store.NewUser{Username: "organiser2", DisplayName: "Second Load Organiser", Password: "tablestakes"})
	if err != nil {
		return err
	}
	users := make([]store.User, *players)
	for i := range users {
		users[i], err = st.CreateUser(ctx, store.NewUser{Username: fmt.Sprintf("player%04d", i+1),
			DisplayName: fmt.Sprintf("Player %d", i+1), Password: "tablestakes"})
		if err != nil {
			return err
		}
	}
	log.Printf("%d accounts in %s", len(users)+1, time.Since(start).Round(time.Millisecond))

	games := scoring.Games()
	type job struct {
		gameID, organiserID int64
		input               []byte
	}
	// One queue per ladder: results of one ladder are rated one at a time anyway.
	queues := map[string][]job{}
	start = time.Now()
	for i := range *leagues {
		g := games[i%len(games)]
		organiser := org
		if i%2 == 1 {
			organiser = org2
		}
		perGame := min(g.MaxPlayers, 4)
		if g.System == scoring.Armada {
			perGame = 7
		}
		l, err := service.NewLeagues(st).Create(ctx, store.NewLeague{Name: fmt.Sprintf("%s league %d", g.Name, i+1), Game: g.Slug,
			PlayersPerGame: perGame, Players: max(*size, perGame), MinRecentGames: 0, RecentDays: 90, OrganiserID: organiser.ID})
		if err != nil {
			return err
		}
		for k := range l.Players {
			if _, err := service.NewLeagues(st).Join(ctx, l.ID, users[(i*l.Players+k*7)%len(users)].ID); err != nil {
				return err
			}
		}
		if err := extendSchedule(ctx, st, l.ID, *gamesPer+*unplayed); err != nil {
			return err
		}
		scheduled, err := st.Games(ctx, l.ID)
		if err != nil {
			return err
		}
		for n, sg := range scheduled[:max(len(scheduled)-*unplayed, 0)] {
			input, err := resultInput(g, sg, i*1000+n)
			if err != nil {
				return err
			}
			queues[g.Slug] = append(queues[g.Slug], job{gameID: sg.ID, organiserID: organiser.ID, input: input})
		}
	}
	log.Printf("%d leagues scheduled in %s", *leagues, time.Since(start).Round(time.Millisecond))

	start = time.Now()
	var done atomic.Int64
	var wg sync.WaitGroup
	errs := make(chan error, len(queues))
	sem := make(chan struct{}, *workers)
	for slug, jobs := range queues {
		wg.Add(1)
		go func() {
			defer wg.Done()
			sem <- struct{}{}
			defer func() { <-sem }()
			for _, j := range jobs {
				if err := record(ctx, st, j.organiserID, j.gameID, j.input); err != nil {
					errs <- fmt.Errorf("%s game %d: %w", slug, j.gameID, err)
					return
				}
				if d := done.Add(1); d%10000 == 0 {
					log.Printf("%d results recorded", d)
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	if err := <-errs; err != nil {
		return err
	}
	log.Printf("%d results recorded in %s (%.2f ms each, %d workers)", done.Load(), time.Since(start).Round(time.Millisecond),
		float64(time.Since(start).Microseconds())/1000/float64(max(done.Load(), 1))*float64(*workers), *workers)
	// The planner's statistics describe the tables as loaded, not as they were when empty:
	// the pages are measured on the plans a running club's database has.
	start = time.Now()
	if _, err := st.Pool().Exec(ctx, "ANALYZE"); err != nil {
		return fmt.Errorf("analyze: %w", err)
	}
	log.Printf("analyzed in %s", time.Since(start).Round(time.Millisecond))
	return nil
}

// extendSchedule repeats a league's scheduled games under new numbers until it has total.
func extendSchedule(ctx context.Context, st *store.Store, leagueID int64, total int) error {
	_, err := st.Pool().Exec(ctx, `
WITH base AS (SELECT count(*)::int AS n FROM games WHERE league_id = $1),
extra AS (
    INSERT INTO games (league_id, number, round)
    SELECT $1, x, x FROM generate_series((SELECT n FROM base) + 1, $2) AS x
    RETURNING id, number
)
INSERT INTO seats (game_id, position, user_id)
SELECT e.id, s.position, s.user_id
FROM extra e
JOIN games src ON src.league_id = $1 AND src.number = ((e.number - 1) % (SELECT n FROM base)) + 1
JOIN seats s ON s.game_id = src.id`, leagueID, total)
	if err != nil {
		return fmt.Errorf("extend schedule of league %d: %w", leagueID, err)
	}
	return nil
}

// resultInput makes a plausible result for a scheduled game, varied by salt.
func resultInput(g scoring.Game, sg store.Game, salt int) ([]byte, error) {
	type player struct {
		ID         string `json:"id"`
		Score      *int   `json:"score,omitempty"`
		Units      *int   `json:"units,omitempty"`
		Lost       *int   `json:"lost,omitempty"`
		Destroyed  *int   `json:"destroyed,omitempty"`
		Points     *int   `json:"points,omitempty"`
		Centers    *int   `json:"centers,omitempty"`
		Years      *int   `json:"years,omitempty"`
		Eliminated *int   `json:"eliminated,omitempty"`
	}
	num := func(v int) *int { return &v }
	var doc any
	switch {
	case g.IsTeamGame():
		type side struct {
			Name    string   `json:"name"`
			Players []player `json:"players"`
		}
		sides := []side{{Name: g.SideNames[0]}, {Name: g.SideNames[1]}}
		for si, positions := range g.Sides(len(sg.Seats)) {
			for k, pos := range positions {
				s := sg.Seats[pos-1]
				lost := (salt + si + k) % 2
				sides[si].Players = append(sides[si].Players, player{ID: s.Username, Units: num(1), Lost: num(lost),
					Destroyed: num((salt + k) % 2), Points: num((salt*7+pos*13)%40 + 1)})
			}
		}
		doc = map[string]any{"sides": sides}
	case g.System == scoring.Armada:
		// A draw of the first three seats; the others eliminated over the years.
		var ps []player
		winners := []string{}
		for k, s := range sg.Seats {
			p := player{ID: s.Username, Years: num(10)}
			if k < 3 {
				p.Centers = num(8 + (salt+k)%5)
				winners = append(winners, s.Username)
			} else {
				p.Centers, p.Years, p.Eliminated = num(0), num(3+k), num(1903+k)
			}
			ps = append(ps, p)
		}
		doc = map[string]any{"outcome": "draw", "players": ps, "winners": winners}
	default:
		var ps []player
		for k, s := range sg.Seats {
			ps = append(ps, player{ID: s.Username, Score: num((salt*31 + k*17) % 60)})
		}
		doc = map[string]any{"players": ps}
	}
	b, err := json.Marshal(doc)
	if err != nil {
		return nil, fmt.Errorf("result of game %d: %w", sg.ID, err)
	}
	return b, nil
}

// record checks a result against its game's seats and stores it, as the API does.
func record(ctx context.Context, st *store.Store, organiserID, gameID int64, input []byte) error {
	g, err := st.ResultGame(ctx, gameID)
	if err != nil {
		return err
	}
	w, err := service.CheckResultBody(g, organiserID, input)
	if err != nil {
		return err
	}
	_, err = service.NewResults(st).Record(ctx, w)
	return err
}
