// Command layers follows the calls made from one function of TableStakes, through its own
// packages, and prints each call that climbs back up a layer: from the store into the
// domain, from the domain or the store into a service, from any of them into the HTTP layer.
// The layers, top to bottom, are those of docs/architecture.md:
//
//	http      web, web/pages, web/api, web/httpx, templates, locales
//	services  service, notify, sweep
//	domain    league, scoring, rating, scheduler, account, text, forecast, webhook, email, delivery
//	SQL       store
//
// The calls are found by variable type analysis (golang.org/x/tools/go/callgraph/vta); a
// function literal counts as called by the function that makes it (a transaction's body
// handed to pgx.BeginFunc, a cached read handed to httpx.Part). Usage:
//
//	go run ./cmd/layers                       # from the result form's POST handler
//	go run ./cmd/layers -from "(*github.com/tablestakes/tablestakes/web/api.Handler).apiWriteResult"
package main

import (
	"flag"
	"fmt"
	"go/token"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"golang.org/x/tools/go/callgraph"
	"golang.org/x/tools/go/callgraph/cha"
	"golang.org/x/tools/go/callgraph/vta"
	"golang.org/x/tools/go/packages"
	"golang.org/x/tools/go/ssa"
	"golang.org/x/tools/go/ssa/ssautil"
)

const module = "github.com/tablestakes/tablestakes"

// layers are the layers by package (path within the module), top (1) to bottom (4).
var layers = map[string]int{
	"web": 1, "web/pages": 1, "web/api": 1, "web/httpx": 1, "templates": 1, "locales": 1,
	"service": 2, "notify": 2, "sweep": 2,
	"league": 3, "scoring": 3, "rating": 3, "scheduler": 3, "account": 3, "text": 3, "strictjson": 3,
	"forecast": 3, "webhook": 3, "email": 3, "delivery": 3,
	"store": 4,
}

var layerNames = map[int]string{1: "http", 2: "services", 3: "domain", 4: "SQL"}

func main() {
	from := flag.String("from", "(*"+module+"/web/pages.Handler).submitResult", "the function to follow, as ssa names it")
	why := flag.Bool("why", false, "print, under each call, the chain of calls that reaches it")
	flag.Parse()
	if err := run(*from, *why); err != nil {
		fmt.Fprintln(os.Stderr, "layers:", err)
		os.Exit(1)
	}
}

func run(from string, why bool) error {
	cfg := &packages.Config{Mode: packages.LoadAllSyntax}
	pkgs, err := packages.Load(cfg, module+"/...")
	if err != nil {
		return err
	}
	if packages.PrintErrors(pkgs) > 0 {
		return fmt.Errorf("the packages do not load")
	}
	prog, _ := ssautil.AllPackages(pkgs, ssa.InstantiateGenerics)
	prog.Build()
	var start *ssa.Function
	all := ssautil.AllFunctions(prog)
	for fn := range all {
		if fn.String() == from {
			start = fn
			break
		}
	}
	if start == nil {
		return fmt.Errorf("no function %s", from)
	}
	cg := vta.CallGraph(all, cha.CallGraph(prog))
	cg.DeleteSyntheticNodes()

	seen := map[*ssa.Function]bool{start: true}
	parent := map[*ssa.Function]*ssa.Function{}
	files := map[string]bool{}
	var climbs []string
	queue := []*ssa.Function{start}
	for len(queue) > 0 {
		fn := queue[0]
		queue = queue[1:]
		if f := fileOf(prog.Fset, fn); f != "" {
			files[f] = true
		}
		// A function literal counts as called by the function that makes it: the analysis
		// is blind to which call of a helper (pgx.BeginFunc, httpx.Part) hands it which.
		for _, anon := range fn.AnonFuncs {
			if !seen[anon] {
				seen[anon] = true
				parent[anon] = fn
				queue = append(queue, anon)
			}
		}
		node := cg.Nodes[fn]
		if node == nil {
			continue
		}
		for _, e := range node.Out {
			callee := e.Callee.Func
			if !follows(callee) || callee.Parent() != nil || errorMethod(e) {
				continue
			}
			if up, ok := climb(fn, callee); ok && up {
				line := fmt.Sprintf("%s  %s (%s) → %s (%s)", site(prog.Fset, e),
					short(fn), layerNames[layerOf(fn)], short(callee), layerNames[layerOf(callee)])
				if why {
					for p := fn; p != nil; p = parent[p] {
						line += "\n      from " + short(p)
					}
				}
				climbs = append(climbs, line)
			}
			if !seen[callee] {
				seen[callee] = true
				parent[callee] = fn
				queue = append(queue, callee)
			}
		}
	}
	sort.Strings(climbs)
	climbs = unique(climbs)
	fmt.Printf("from %s: %d files of the module, %d calls that climb back up a layer\n", short(start), len(files), len(climbs))
	for _, c := range climbs {
		fmt.Println("  " + c)
	}
	return nil
}

// follows reports whether the walk goes into fn: the module's functions.
func follows(fn *ssa.Function) bool {
	p := pkgPath(fn)
	return (strings.HasPrefix(p, module+"/") || p == module) && !strings.HasSuffix(p, "_test")
}

// errorMethod reports whether e calls Error through the error interface: any error type the
// analysis saw flow there is a callee, an HTTP error's too, which no lower layer makes.
func errorMethod(e *callgraph.Edge) bool {
	common := e.Site.Common()
	return common.IsInvoke() && common.Method.Name() == "Error"
}

// climb reports whether the call from caller to callee, both of the module's layered
// packages, goes from a lower layer to a higher one (ok is false when either has no layer).
func climb(caller, callee *ssa.Function) (up, ok bool) {
	a, b := layerOf(caller), layerOf(callee)
	if a == 0 || b == 0 {
		return false, false
	}
	return b < a, true
}

func layerOf(fn *ssa.Function) int {
	return layers[strings.TrimPrefix(pkgPath(fn), module+"/")]
}

func pkgPath(fn *ssa.Function) string {
	for fn.Parent() != nil {
		fn = fn.Parent()
	}
	if fn.Pkg != nil {
		return fn.Pkg.Pkg.Path()
	}
	if fn.Object() != nil && fn.Object().Pkg() != nil {
		return fn.Object().Pkg().Path()
	}
	return ""
}

func fileOf(fset *token.FileSet, fn *ssa.Function) string {
	if !fn.Pos().IsValid() || !follows(fn) {
		return ""
	}
	return fset.Position(fn.Pos()).Filename
}

func site(fset *token.FileSet, e *callgraph.Edge) string {
	pos := fset.Position(e.Pos())
	wd, _ := os.Getwd()
	if rel, err := filepath.Rel(wd, pos.Filename); err == nil {
		pos.Filename = rel
	}
	return fmt.Sprintf("%s:%d", pos.Filename, pos.Line)
}

func short(fn *ssa.Function) string {
	return strings.ReplaceAll(fn.String(), module+"/", "")
}

func unique(s []string) []string {
	var out []string
	for i, x := range s {
		if i == 0 || x != s[i-1] {
			out = append(out, x)
		}
	}
	return out
}
