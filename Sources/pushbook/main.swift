import PushbookCLI
import Recipes

// The shipped tool: the command line with the recipes' code, and nothing else.
PushbookCLI.main(entryPoints: RecipeRegistry.entryPoints)
