package league

import "errors"

var errNotYet = errors.New("not built yet")

func scorePlacementJSON(input []byte) (Result, error)            { return Result{}, errNotYet }
func scoreTeamGameJSON(sys System, input []byte) (Result, error) { return Result{}, errNotYet }
func scoreVortexJSON(input []byte) (Result, error)               { return Result{}, errNotYet }
func scoreArmadaJSON(input []byte) (Result, error)               { return Result{}, errNotYet }
func scoreArcsAmbitionJSON(input []byte) (Result, error)         { return Result{}, errNotYet }
