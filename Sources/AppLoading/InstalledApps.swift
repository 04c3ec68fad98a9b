import Foundation
import MediaAppKit
import SiriIntents

/// The apps installed on the simulated device, in the order Siri prefers them when
/// several could answer: the sample apps (unless left out), then the user's own app
/// files. An app file with the name of an installed app replaces it in place.
///
/// The REPL, `siri eval`, `siri test` and the tests all get their apps here.
public struct InstalledApps: Sendable {
  public private(set) var blueprints: [AppBlueprint] = []

  public init(blueprints: [AppBlueprint] = []) {
    blueprints.forEach { install($0) }
  }

  /// The sample apps (AudioCast, Deezer, Chapters, Tuner, Ascent) and the app files
  /// `files` names, checked in full before anything is installed.
  /// - Throws: ``AppFileError`` for the first file with problems (all of its problems).
  ///
  /// - Parameter baseDirectory: the folder relative `files` are in (the current folder
  ///   when `nil`); each app says where it is from as its file is written in `files`.
  /// - Parameter cache: where checked catalogs of real size are kept between runs.
  /// - Parameter samples: the sample apps when read already (sessions of one run share
  ///   them); read from the package's resources when `nil`.
  public static func load(
    sampleApps: Bool = true, files: [String] = [], baseDirectory: String? = nil, cache: AppCache? = nil,
    samples: [AppBlueprint]? = nil
  ) throws(AppFileError) -> InstalledApps {
    var installed = InstalledApps()
    if sampleApps {
      if let samples { installed = InstalledApps(blueprints: samples) } else { installed = InstalledApps(blueprints: try SampleApps.blueprints()) }
    }
    for file in files {
      installed.install(try AppLoader.blueprint(path: file, baseDirectory: baseDirectory, cache: cache))
    }
    return installed
  }

  /// Installs `blueprint`; one with the same name (in any case) is replaced in place.
  /// Returns the replaced app's blueprint, if any.
  @discardableResult
  public mutating func install(_ blueprint: AppBlueprint) -> AppBlueprint? {
    if let index = blueprints.firstIndex(where: { $0.name.lowercased() == blueprint.name.lowercased() }) {
      let replaced = blueprints[index]
      blueprints[index] = blueprint
      return replaced
    }
    blueprints.append(blueprint)
    return nil
  }

  /// Builds the search index of every catalog now (each is otherwise built by its first
  /// search). A session start does this on one core while the grammar's lists of the
  /// same names are built on the other.
  public func prepareCatalogIndexes() {
    for blueprint in blueprints {
      switch blueprint.content {
      case .media(let profile), .podcast(let profile, _): profile.catalog.prepareIndex()
      case .workout: break
      }
    }
  }

  /// The running apps over `store`, those installed on `device`, speaking `locale`.
  public func makeApps(store: AppGroupStore, device: Device, locale: String = "en-US") -> [any SimulatedApp] {
    blueprints.filter { $0.devices.contains(device) }.map { $0.makeApp(store: store, device: device, locale: locale) }
  }

  /// `:apps`: one line per app: name, kind, how many items or workouts, where from.
  public func descriptions(device: Device) -> [String] {
    guard !blueprints.isEmpty else { return ["No apps are installed."] }
    return blueprints.map { blueprint in
      let count = blueprint.kind == .workout
        ? "\(blueprint.itemCount) workout\(blueprint.itemCount == 1 ? "" : "s")"
        : "\(blueprint.itemCount) item\(blueprint.itemCount == 1 ? "" : "s")"
      let missing = blueprint.devices.contains(device) ? "" : " (not on \(device.rawValue))"
      // A user's file by its name only: the path depends on the folder siri runs in, and
      // a transcript recorded with `--app apps/x.json` replays with `# app: ../apps/x.json`.
      let source = blueprint.source.hasPrefix("sample app") ? blueprint.source : (blueprint.source as NSString).lastPathComponent
      return "\(blueprint.name): \(blueprint.kind.rawValue), \(count), from \(source)\(missing)"
    }
  }
}

/// Reads and checks one app definition file.
public enum AppLoader {
  /// The blueprint of the app defined at `path`.
  /// - Throws: ``AppFileError`` with every problem found; nothing is half-read.
  ///
  /// With `cache`, a catalog of real size is read and checked once: later loads of the
  /// same bytes take the checked catalog from the cache (see ``AppCache``).
  public static func blueprint(
    path: String, baseDirectory: String? = nil, cache: AppCache? = nil
  ) throws(AppFileError) -> AppBlueprint {
    guard let cache else {
      return try AppDefinitionChecker.check(try AppFileReader.read(path: path, baseDirectory: baseDirectory))
    }
    let location = AppFileReader.resolve(path, in: baseDirectory)
    let data: Data
    do {
      data = try AppFileReader.contents(of: location)
    } catch {
      throw AppFileError(error.problems.map { .init(file: path, message: $0.message) })
    }
    let outline = try AppFileReader.read(data: data, path: path, baseDirectory: baseDirectory, skippingItems: true)
    var itemsData: Data?
    if let itemsFile = outline.definition.itemsFile {
      itemsData = try? AppFileReader.contents(of: AppFileReader.resolve(AppFileReader.resolve(itemsFile, relativeTo: path), in: baseDirectory))
    }
    let key = AppCache.key(definition: data, items: itemsData)
    if let entry = cache.read(key: key) {
      var blueprint = try AppDefinitionChecker.check(outline, cached: entry)
      blueprint.warnings = entry.warnings
      return blueprint
    }
    let file = try AppFileReader.read(
      data: data, path: path, baseDirectory: baseDirectory, skippingItems: false, itemsData: itemsData)
    let blueprint = try AppDefinitionChecker.check(file)
    if blueprint.itemCount >= cache.minimumItems, let items = blueprint.catalogItems {
      cache.write(AppCache.Entry(items: items, played: blueprint.playedItems, warnings: blueprint.warnings), key: key)
    }
    return blueprint
  }
}

/// The sample apps, shipped as app definition files in the package's resources and
/// read by the same code as a user's file.
public enum SampleApps {
  /// The folder holding the sample apps and `app.schema.json`.
  public static var folder: String? {
    Bundle.module.url(forResource: "SampleApps", withExtension: nil)?.path
  }

  /// The sample apps, in the order `index.json` lists them.
  public static func blueprints() throws(AppFileError) -> [AppBlueprint] {
    guard let folder else { throw AppFileError([.init(file: "SampleApps", message: "the sample apps are missing from the package's resources")]) }
    let index = (folder as NSString).appendingPathComponent("index.json")
    let names: [String]
    do {
      names = try JSONDecoder().decode([String].self, from: try AppFileReader.contents(of: index))
    } catch let error as AppFileError {
      throw error
    } catch {
      throw AppFileError([.init(file: index, message: "expected a JSON list of file names")])
    }
    var blueprints: [AppBlueprint] = []
    for name in names {
      var blueprint = try AppLoader.blueprint(path: (folder as NSString).appendingPathComponent(name))
      blueprint.source = "sample app \(name)"
      blueprints.append(blueprint)
    }
    return blueprints
  }
}

extension SampleApps {
  /// The sample app called `name` (in any case); `nil` when there is none.
  public static func blueprint(named name: String) -> AppBlueprint? {
    (try? blueprints())?.first { $0.name.lowercased() == name.lowercased() }
  }
}
