// The library's product: one import for programs that use HaruLedger.
// The layers are separate targets (Docs/design.md, "Layers"); this module
// re-exports their public API so that `import HaruLedger` keeps working.
@_exported import HaruEngine
@_exported import HaruInterchange
@_exported import HaruModel
@_exported import HaruOperations
@_exported import HaruStorage
@_exported import HaruSystem
@_exported import HaruViews
