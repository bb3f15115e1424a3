(ns app.core
  (:require [clojure.string :as str]))

(defn greet [name]
  (str "Hello, " name))

(defn -main [& args]
  (println (greet (or (first args) "world"))))
