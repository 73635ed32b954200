import PushbookCLI
import Recipes
import NotificationSimulator

// `pushbook-test-host`: the pushbook command line with the recipes' code plus test-only services,
// so tests can prove that a trapping recipe fails alone (in workers too: they run this binary) and
// stop a build while a worker is busy with a hanging one.
// It is built for the tests and is not part of the shipped tool.
var entryPoints = RecipeRegistry.entryPoints
entryPoints["PushbookTrapService"] = .serviceExtension { PushbookTrapService() }
entryPoints["PushbookHangService"] = .serviceExtension { PushbookHangService() }
PushbookCLI.main(entryPoints: entryPoints)
