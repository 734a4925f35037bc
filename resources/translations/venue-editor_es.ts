<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="es">
<context>
    <name>VenueDiff</name>
    <message>
        <source>Categories</source>
        <translation>Categorías</translation>
    </message>
    <message>
        <source>Sections</source>
        <translation>Secciones</translation>
    </message>
    <message>
        <source>Seats</source>
        <translation>Asientos</translation>
    </message>
    <message>
        <source>GA areas</source>
        <translation>Zonas de pie</translation>
    </message>
</context>
<context>
    <name>boxoffice::editor</name>
    <message>
        <source> and %n more</source>
        <translation> y %n más</translation>
    </message>
    <message>
        <source>%1 only on the server: %2</source>
        <translation>%1 solo en el servidor: %2</translation>
    </message>
    <message>
        <source>%1 only here: %2</source>
        <translation>%1 solo aquí: %2</translation>
    </message>
    <message>
        <source>%1 changed: %2</source>
        <translation>%1 con cambios: %2</translation>
    </message>
    <message>
        <source>Name: “%1” on the server, “%2” here</source>
        <translation>Nombre: «%1» en el servidor, «%2» aquí</translation>
    </message>
    <message>
        <source>Size or focal point differ</source>
        <translation>El tamaño o el punto focal difieren</translation>
    </message>
    <message>
        <source>Time zone: “%1” on the server, “%2” here</source>
        <translation>Zona horaria: «%1» en el servidor, «%2» aquí</translation>
    </message>
    <message>
        <source>Shapes (stage, labels, walls) differ</source>
        <translation>Las formas (escenario, textos, paredes) difieren</translation>
    </message>
</context>
<context>
    <name>boxoffice::editor::BackgroundCommands</name>
    <message>
        <source>Calibrate</source>
        <translation>Calibrar</translation>
    </message>
    <message>
        <source>Calibrate Background</source>
        <translation>Calibrar fondo</translation>
    </message>
    <message>
        <source>Real distance between the points (cm):</source>
        <translation>Distancia real entre los puntos (cm):</translation>
    </message>
    <message>
        <source>Background Image</source>
        <translation>Imagen de fondo</translation>
    </message>
    <message>
        <source>Images (*.png *.jpg *.jpeg *.bmp)</source>
        <translation>Imágenes (*.png *.jpg *.jpeg *.bmp)</translation>
    </message>
    <message>
        <source>Cannot read the image %1</source>
        <translation>No se puede leer la imagen %1</translation>
    </message>
    <message>
        <source>Background Opacity</source>
        <translation>Opacidad del fondo</translation>
    </message>
    <message>
        <source>Opacity (%):</source>
        <translation>Opacidad (%):</translation>
    </message>
    <message>
        <source>Load a background image first.</source>
        <translation>Carga primero una imagen de fondo.</translation>
    </message>
</context>
<context>
    <name>boxoffice::editor::CategoriesPanel</name>
    <message>
        <source>Add…</source>
        <translation>Añadir…</translation>
    </message>
    <message>
        <source>Edit…</source>
        <translation>Editar…</translation>
    </message>
    <message>
        <source>Assign</source>
        <translation>Asignar</translation>
    </message>
    <message>
        <source>Give the selected seats and GA areas this category</source>
        <translation>Dar esta categoría a los asientos y zonas de pie seleccionados</translation>
    </message>
    <message>
        <source>New Category</source>
        <translation>Nueva categoría</translation>
    </message>
    <message>
        <source>Name:</source>
        <translation>Nombre:</translation>
    </message>
    <message>
        <source>Add Category</source>
        <translation>Añadir categoría</translation>
    </message>
    <message>
        <source>Edit Category</source>
        <translation>Editar categoría</translation>
    </message>
    <message>
        <source>Category Colour</source>
        <translation>Color de la categoría</translation>
    </message>
</context>
<context>
    <name>boxoffice::editor::Commands</name>
    <message>
        <source>Add GA Area</source>
        <translation>Añadir zona de pie</translation>
    </message>
    <message>
        <source>Add Shape</source>
        <translation>Añadir forma</translation>
    </message>
    <message numerus="yes">
        <source>Add %n Row(s)</source>
        <translation>
            <numerusform>Añadir %n fila</numerusform>
            <numerusform>Añadir %n filas</numerusform>
        </translation>
    </message>
    <message>
        <source>Add Section</source>
        <translation>Añadir sección</translation>
    </message>
    <message>
        <source>Distribute</source>
        <translation>Distribuir</translation>
    </message>
    <message>
        <source>Align</source>
        <translation>Alinear</translation>
    </message>
    <message>
        <source>Delete</source>
        <translation>Eliminar</translation>
    </message>
    <message>
        <source>Move</source>
        <translation>Mover</translation>
    </message>
    <message>
        <source>Renumber</source>
        <translation>Renumerar</translation>
    </message>
    <message>
        <source>Rotate</source>
        <translation>Girar</translation>
    </message>
    <message>
        <source>Set Category</source>
        <translation>Asignar categoría</translation>
    </message>
    <message>
        <source>Set Flag</source>
        <translation>Activar marca</translation>
    </message>
    <message>
        <source>Clear Flag</source>
        <translation>Quitar marca</translation>
    </message>
</context>
<context>
    <name>boxoffice::editor::Document</name>
    <message>
        <source>Untitled</source>
        <translation>Sin título</translation>
    </message>
    <message numerus="yes">
        <source>The venue has %n error(s) and was not saved. Fix them first (see the Validation panel):

</source>
        <translation>
            <numerusform>El recinto tiene %n error y no se guardó. Corrígelo primero (ver el panel Validación):

</numerusform>
            <numerusform>El recinto tiene %n errores y no se guardó. Corrígelos primero (ver el panel Validación):

</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>boxoffice::editor::EditorActions</name>
    <message>
        <source>&amp;New Venue…</source>
        <translation>&amp;Nuevo recinto…</translation>
    </message>
    <message>
        <source>&amp;Open…</source>
        <translation>&amp;Abrir…</translation>
    </message>
    <message>
        <source>&amp;Save</source>
        <translation>&amp;Guardar</translation>
    </message>
    <message>
        <source>Save &amp;As…</source>
        <translation>Guardar &amp;como…</translation>
    </message>
    <message>
        <source>Import pretix Plan…</source>
        <translation>Importar plano de pretix…</translation>
    </message>
    <message>
        <source>Ctrl+I</source>
        <translation>Ctrl+I</translation>
    </message>
    <message>
        <source>Export pretix Plan…</source>
        <translation>Exportar plano de pretix…</translation>
    </message>
    <message>
        <source>Export SVG…</source>
        <translation>Exportar SVG…</translation>
    </message>
    <message>
        <source>Export PNG…</source>
        <translation>Exportar PNG…</translation>
    </message>
    <message>
        <source>&amp;Publish to Server…</source>
        <translation>&amp;Publicar en el servidor…</translation>
    </message>
    <message>
        <source>Ctrl+Shift+P</source>
        <translation>Ctrl+Shift+P</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>&amp;Salir</translation>
    </message>
    <message>
        <source>&amp;Delete</source>
        <translation>&amp;Eliminar</translation>
    </message>
    <message>
        <source>Select &amp;All</source>
        <translation>Seleccionar &amp;todo</translation>
    </message>
    <message>
        <source>Select Whole &amp;Rows</source>
        <translation>Seleccionar &amp;filas completas</translation>
    </message>
    <message>
        <source>Ctrl+Shift+R</source>
        <translation>Ctrl+Shift+R</translation>
    </message>
    <message>
        <source>Select Whole S&amp;ections</source>
        <translation>Seleccionar s&amp;ecciones completas</translation>
    </message>
    <message>
        <source>Ctrl+Shift+E</source>
        <translation>Ctrl+Shift+E</translation>
    </message>
    <message>
        <source>Select &amp;None</source>
        <translation>No seleccionar &amp;nada</translation>
    </message>
    <message>
        <source>Ctrl+Shift+A</source>
        <translation>Ctrl+Shift+A</translation>
    </message>
    <message>
        <source>Rotate 15° Left</source>
        <translation>Girar 15° a la izquierda</translation>
    </message>
    <message>
        <source>Ctrl+[</source>
        <translation>Ctrl+[</translation>
    </message>
    <message>
        <source>Rotate 15° Right</source>
        <translation>Girar 15° a la derecha</translation>
    </message>
    <message>
        <source>Ctrl+]</source>
        <translation>Ctrl+]</translation>
    </message>
    <message>
        <source>Rotate By…</source>
        <translation>Girar…</translation>
    </message>
    <message>
        <source>Ctrl+R</source>
        <translation>Ctrl+R</translation>
    </message>
    <message>
        <source>Re&amp;number Rows</source>
        <translation>Re&amp;numerar filas</translation>
    </message>
    <message>
        <source>Ctrl+Shift+N</source>
        <translation>Ctrl+Shift+N</translation>
    </message>
    <message>
        <source>Align Left</source>
        <translation>Alinear a la izquierda</translation>
    </message>
    <message>
        <source>Align Right</source>
        <translation>Alinear a la derecha</translation>
    </message>
    <message>
        <source>Align Top</source>
        <translation>Alinear arriba</translation>
    </message>
    <message>
        <source>Align Bottom</source>
        <translation>Alinear abajo</translation>
    </message>
    <message>
        <source>Distribute Horizontally</source>
        <translation>Distribuir horizontalmente</translation>
    </message>
    <message>
        <source>Distribute Vertically</source>
        <translation>Distribuir verticalmente</translation>
    </message>
    <message>
        <source>Zoom &amp;In</source>
        <translation>&amp;Acercar</translation>
    </message>
    <message>
        <source>Zoom &amp;Out</source>
        <translation>A&amp;lejar</translation>
    </message>
    <message>
        <source>&amp;Fit to Window</source>
        <translation>A&amp;justar a la ventana</translation>
    </message>
    <message>
        <source>Ctrl+0</source>
        <translation>Ctrl+0</translation>
    </message>
    <message>
        <source>Show &amp;Grid</source>
        <translation>Mostrar &amp;cuadrícula</translation>
    </message>
    <message>
        <source>Ctrl+&apos;</source>
        <translation>Ctrl+&apos;</translation>
    </message>
    <message>
        <source>&amp;Snap to Grid</source>
        <translation>&amp;Ajustar a la cuadrícula</translation>
    </message>
    <message>
        <source>Ctrl+Shift+&apos;</source>
        <translation>Ctrl+Shift+&apos;</translation>
    </message>
    <message>
        <source>&amp;About Venue Editor</source>
        <translation>&amp;Acerca del Editor de recintos</translation>
    </message>
    <message>
        <source>Snap to S&amp;eats</source>
        <translation>Ajustar a los a&amp;sientos</translation>
    </message>
    <message>
        <source>&amp;Background Image…</source>
        <translation>Imagen de &amp;fondo…</translation>
    </message>
    <message>
        <source>Background &amp;Opacity…</source>
        <translation>&amp;Opacidad del fondo…</translation>
    </message>
    <message>
        <source>&amp;Calibrate Background Scale</source>
        <translation>&amp;Calibrar escala del fondo</translation>
    </message>
    <message>
        <source>Ctrl+Shift+C</source>
        <translation>Ctrl+Shift+C</translation>
    </message>
    <message>
        <source>&amp;Undo</source>
        <translation>&amp;Deshacer</translation>
    </message>
    <message>
        <source>&amp;Redo</source>
        <translation>&amp;Rehacer</translation>
    </message>
</context>
<context>
    <name>boxoffice::editor::EditorMenus</name>
    <message>
        <source>&amp;File</source>
        <translation>&amp;Archivo</translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation>&amp;Editar</translation>
    </message>
    <message>
        <source>Align</source>
        <translation>Alinear</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>&amp;Ver</translation>
    </message>
    <message>
        <source>&amp;Tools</source>
        <translation>&amp;Herramientas</translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <translation>&amp;Idioma</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>Ay&amp;uda</translation>
    </message>
</context>
<context>
    <name>boxoffice::editor::FileCommands</name>
    <message>
        <source>Export pretix Plan</source>
        <translation>Exportar plano de pretix</translation>
    </message>
    <message>
        <source>pretix plans (*.json)</source>
        <translation>Planos de pretix (*.json)</translation>
    </message>
    <message>
        <source>Export SVG</source>
        <translation>Exportar SVG</translation>
    </message>
    <message>
        <source>SVG images (*.svg)</source>
        <translation>Imágenes SVG (*.svg)</translation>
    </message>
    <message>
        <source>Export PNG</source>
        <translation>Exportar PNG</translation>
    </message>
    <message>
        <source>PNG images (*.png)</source>
        <translation>Imágenes PNG (*.png)</translation>
    </message>
    <message>
        <source>Open Venue</source>
        <translation>Abrir recinto</translation>
    </message>
    <message>
        <source>Venues (*.venue.json *.json)</source>
        <translation>Recintos (*.venue.json *.json)</translation>
    </message>
    <message>
        <source>Import pretix Plan</source>
        <translation>Importar plano de pretix</translation>
    </message>
    <message>
        <source>Save Venue</source>
        <translation>Guardar recinto</translation>
    </message>
    <message>
        <source>Venues (*.venue.json)</source>
        <translation>Recintos (*.venue.json)</translation>
    </message>
    <message>
        <source>Unsaved Changes</source>
        <translation>Cambios sin guardar</translation>
    </message>
    <message>
        <source>Save the changes to %1?</source>
        <translation>¿Guardar los cambios en %1?</translation>
    </message>
    <message>
        <source>Recover Unsaved Work</source>
        <translation>Recuperar trabajo sin guardar</translation>
    </message>
    <message>
        <source>The editor did not close cleanly. Recover the unsaved changes to %1?</source>
        <translation>El editor no se cerró correctamente. ¿Recuperar los cambios sin guardar en %1?</translation>
    </message>
    <message>
        <source>a new venue</source>
        <translation>un recinto nuevo</translation>
    </message>
</context>
<context>
    <name>boxoffice::editor::MainWindow</name>
    <message>
        <source>Tools</source>
        <translation>Herramientas</translation>
    </message>
    <message>
        <source>x %1  y %2</source>
        <translation>x %1  y %2</translation>
    </message>
    <message>
        <source>%1 %</source>
        <translation>%1 %</translation>
    </message>
    <message>
        <source>New Venue</source>
        <translation>Nuevo recinto</translation>
    </message>
    <message>
        <source>Properties</source>
        <translation>Propiedades</translation>
    </message>
    <message>
        <source>Categories</source>
        <translation>Categorías</translation>
    </message>
    <message>
        <source>Validation</source>
        <translation>Validación</translation>
    </message>
    <message>
        <source>Open Venue</source>
        <translation>Abrir recinto</translation>
    </message>
    <message>
        <source>Import pretix Plan</source>
        <translation>Importar plano de pretix</translation>
    </message>
    <message>
        <source>Export pretix Plan</source>
        <translation>Exportar plano de pretix</translation>
    </message>
    <message>
        <source>Export SVG</source>
        <translation>Exportar SVG</translation>
    </message>
    <message>
        <source>Export PNG</source>
        <translation>Exportar PNG</translation>
    </message>
    <message>
        <source>Rotate</source>
        <translation>Girar</translation>
    </message>
    <message>
        <source>Degrees (clockwise):</source>
        <translation>Grados (sentido horario):</translation>
    </message>
    <message>
        <source>About Venue Editor</source>
        <translation>Acerca del Editor de recintos</translation>
    </message>
    <message>
        <source>&lt;b&gt;Venue Editor&lt;/b&gt; %1&lt;br&gt;Draw sections, rows, seats and general-admission areas, and publish them to the box office.</source>
        <translation>&lt;b&gt;Editor de recintos&lt;/b&gt; %1&lt;br&gt;Dibuja secciones, filas, asientos y zonas de pie, y publícalos en la taquilla.</translation>
    </message>
    <message>
        <source>Venue Editor</source>
        <translation>Editor de recintos</translation>
    </message>
    <message>
        <source>Seats: %1 · Selected: %2</source>
        <translation>Asientos: %1 · Seleccionados: %2</translation>
    </message>
    <message>
        <source>Standard</source>
        <translation>General</translation>
    </message>
    <message>
        <source>Cannot open %1:

%2</source>
        <translation>No se puede abrir %1:

%2</translation>
    </message>
    <message>
        <source>Save Venue</source>
        <translation>Guardar recinto</translation>
    </message>
    <message>
        <source>Saved %1</source>
        <translation>Guardado %1</translation>
    </message>
    <message>
        <source>Cannot import %1:

%2</source>
        <translation>No se puede importar %1:

%2</translation>
    </message>
    <message numerus="yes">
        <source>Imported with %n warning(s)</source>
        <translation>
            <numerusform>Importado con %n aviso</numerusform>
            <numerusform>Importado con %n avisos</numerusform>
        </translation>
    </message>
    <message>
        <source>pretix has no place for: %1</source>
        <translation>pretix no admite: %1</translation>
    </message>
    <message>
        <source>Cannot write %1</source>
        <translation>No se puede escribir %1</translation>
    </message>
    <message>
        <source>Main</source>
        <translation>Principal</translation>
    </message>
    <message>
        <source>Language</source>
        <translation>Idioma</translation>
    </message>
    <message>
        <source>There is no translation for %1.</source>
        <translation>No hay traducción para %1.</translation>
    </message>
</context>
<context>
    <name>boxoffice::editor::NewVenueDialog</name>
    <message>
        <source>New Venue</source>
        <translation>Nuevo recinto</translation>
    </message>
    <message>
        <source> cm</source>
        <translation> cm</translation>
    </message>
    <message>
        <source>Name:</source>
        <translation>Nombre:</translation>
    </message>
    <message>
        <source>Width:</source>
        <translation>Ancho:</translation>
    </message>
    <message>
        <source>Height:</source>
        <translation>Alto:</translation>
    </message>
    <message>
        <source>The size of the floor plan; 1 unit = 1 cm. It can be changed later in the Properties panel.</source>
        <translation>El tamaño del plano; 1 unidad = 1 cm. Se puede cambiar después en el panel Propiedades.</translation>
    </message>
</context>
<context>
    <name>boxoffice::editor::NumberingSchemeBox</name>
    <message>
        <source>Left to right</source>
        <translation>De izquierda a derecha</translation>
    </message>
    <message>
        <source>Right to left</source>
        <translation>De derecha a izquierda</translation>
    </message>
    <message>
        <source>Odd/even from centre</source>
        <translation>Impares/pares desde el centro</translation>
    </message>
    <message>
        <source>Even/odd from centre</source>
        <translation>Pares/impares desde el centro</translation>
    </message>
</context>
<context>
    <name>boxoffice::editor::PropertiesPanel</name>
    <message>
        <source>Seats</source>
        <translation>Asientos</translation>
    </message>
    <message>
        <source>Renumber</source>
        <translation>Renumerar</translation>
    </message>
    <message>
        <source>Section</source>
        <translation>Sección</translation>
    </message>
    <message>
        <source>GA Area</source>
        <translation>Zona de pie</translation>
    </message>
    <message>
        <source>Venue</source>
        <translation>Recinto</translation>
    </message>
    <message>
        <source>Category:</source>
        <translation>Categoría:</translation>
    </message>
    <message>
        <source>Wheelchair</source>
        <translation>Silla de ruedas</translation>
    </message>
    <message>
        <source>Companion</source>
        <translation>Acompañante</translation>
    </message>
    <message>
        <source>Restricted view</source>
        <translation>Visibilidad reducida</translation>
    </message>
    <message>
        <source>Aisle</source>
        <translation>Pasillo</translation>
    </message>
    <message>
        <source>Flags:</source>
        <translation>Marcas:</translation>
    </message>
    <message>
        <source>Row label:</source>
        <translation>Fila:</translation>
    </message>
    <message>
        <source>Seat number:</source>
        <translation>Número de asiento:</translation>
    </message>
    <message>
        <source>Numbering:</source>
        <translation>Numeración:</translation>
    </message>
    <message>
        <source>Start at:</source>
        <translation>Empezar en:</translation>
    </message>
    <message>
        <source>Name:</source>
        <translation>Nombre:</translation>
    </message>
    <message>
        <source>Capacity:</source>
        <translation>Aforo:</translation>
    </message>
    <message>
        <source> cm</source>
        <translation> cm</translation>
    </message>
    <message>
        <source>Width:</source>
        <translation>Ancho:</translation>
    </message>
    <message>
        <source>Height:</source>
        <translation>Alto:</translation>
    </message>
    <message>
        <source>Nothing selected: venue properties.</source>
        <translation>Nada seleccionado: propiedades del recinto.</translation>
    </message>
    <message>
        <source>Selected: %1 seats in %2 rows, %3 objects</source>
        <translation>Seleccionados: %1 asientos en %2 filas, %3 objetos</translation>
    </message>
    <message>
        <source>Rename Row</source>
        <translation>Renombrar fila</translation>
    </message>
    <message>
        <source>Renumber Seat</source>
        <translation>Renumerar asiento</translation>
    </message>
    <message>
        <source>Rename Section</source>
        <translation>Renombrar sección</translation>
    </message>
    <message>
        <source>Change GA Area</source>
        <translation>Cambiar zona de pie</translation>
    </message>
    <message>
        <source>Change Venue</source>
        <translation>Cambiar recinto</translation>
    </message>
    <message>
        <source>Time zone:</source>
        <translation>Zona horaria:</translation>
    </message>
    <message>
        <source>Not a time zone; pick one from the list (e.g. Europe/Madrid).</source>
        <translation>No es una zona horaria; elija una de la lista (p. ej. Europe/Madrid).</translation>
    </message>
    <message>
        <source>The venue&apos;s local time zone; times are shown in it.</source>
        <translation>La zona horaria del recinto; las horas se muestran en ella.</translation>
    </message>
</context>
<context>
    <name>boxoffice::editor::PublishDialog</name>
    <message>
        <source>Publish</source>
        <translation>Publicar</translation>
    </message>
    <message>
        <source>Publish to Server</source>
        <translation>Publicar en el servidor</translation>
    </message>
    <message>
        <source>empty = publish as a new venue</source>
        <translation>vacío = publicar como recinto nuevo</translation>
    </message>
    <message>
        <source>Server:</source>
        <translation>Servidor:</translation>
    </message>
    <message>
        <source>User:</source>
        <translation>Usuario:</translation>
    </message>
    <message>
        <source>Password:</source>
        <translation>Contraseña:</translation>
    </message>
    <message>
        <source>Venue id on server:</source>
        <translation>Id del recinto en el servidor:</translation>
    </message>
    <message>
        <source>Version:</source>
        <translation>Versión:</translation>
    </message>
    <message>
        <source>The venue has errors; fix them before publishing.</source>
        <translation>El recinto tiene errores; corrígelos antes de publicar.</translation>
    </message>
    <message>
        <source>Signing in…</source>
        <translation>Iniciando sesión…</translation>
    </message>
    <message>
        <source>Sign-in failed: %1</source>
        <translation>No se pudo iniciar sesión: %1</translation>
    </message>
    <message>
        <source>Uploading…</source>
        <translation>Subiendo…</translation>
    </message>
    <message>
        <source>Publishing failed: %1</source>
        <translation>No se pudo publicar: %1</translation>
    </message>
    <message>
        <source>Published: venue %1, version %2.</source>
        <translation>Publicado: recinto %1, versión %2.</translation>
    </message>
    <message>
        <source>Someone else changed the venue on the server meanwhile, and it cannot be read back: %1</source>
        <translation>Otra persona cambió el recinto en el servidor mientras tanto, y no se puede leer: %1</translation>
    </message>
    <message>
        <source>The server&apos;s venue cannot be read: %1</source>
        <translation>No se puede leer el recinto del servidor: %1</translation>
    </message>
    <message>
        <source>Nothing: the server has the same plan as you.</source>
        <translation>Nada: el servidor tiene el mismo plano que tú.</translation>
    </message>
    <message>
        <source>Version conflict: the server already has this venue, at version %1. What differs:</source>
        <translation>Conflicto de versiones: el servidor ya tiene este recinto, en la versión %1. Qué difiere:</translation>
    </message>
    <message>
        <source>Version conflict: someone else published version %1 of the venue meanwhile (you edited version %2). What differs:</source>
        <translation>Conflicto de versiones: otra persona publicó la versión %1 del recinto mientras tanto (tú editaste la versión %2). Qué difiere:</translation>
    </message>
    <message>
        <source>Set the version to %1 and publish again to replace the server&apos;s venue with yours.</source>
        <translation>Pon la versión %1 y publica de nuevo para reemplazar el recinto del servidor por el tuyo.</translation>
    </message>
</context>
<context>
    <name>boxoffice::editor::RowTool</name>
    <message>
        <source>Drag from the first seat along the row.</source>
        <translation>Arrastra desde el primer asiento a lo largo de la fila.</translation>
    </message>
    <message>
        <source>Move to curve the row, click to place it.</source>
        <translation>Mueve para curvar la fila y haz clic para colocarla.</translation>
    </message>
    <message>
        <source>Drag from the first seat towards the last.</source>
        <translation>Arrastra desde el primer asiento hacia el último.</translation>
    </message>
    <message>
        <source>Drag along the first row; the other rows go behind it.</source>
        <translation>Arrastra a lo largo de la primera fila; las demás van detrás.</translation>
    </message>
</context>
<context>
    <name>boxoffice::editor::SelectTool</name>
    <message>
        <source>Select</source>
        <translation>Seleccionar</translation>
    </message>
    <message>
        <source>Click to select, Shift+click to add, double-click for the row, drag to move; arrow keys nudge.</source>
        <translation>Clic para seleccionar, Mayús+clic para añadir, doble clic para la fila, arrastrar para mover; las flechas desplazan.</translation>
    </message>
</context>
<context>
    <name>boxoffice::editor::ShapeTool</name>
    <message>
        <source>Click to add corners; double-click or Enter to finish, Esc to cancel.</source>
        <translation>Clic para añadir vértices; doble clic o Intro para terminar, Esc para cancelar.</translation>
    </message>
    <message>
        <source>Click to place.</source>
        <translation>Clic para colocar.</translation>
    </message>
    <message>
        <source>Drag to draw.</source>
        <translation>Arrastra para dibujar.</translation>
    </message>
    <message>
        <source>Click two points a known distance apart.</source>
        <translation>Haz clic en dos puntos a una distancia conocida.</translation>
    </message>
</context>
<context>
    <name>boxoffice::editor::ToolBox</name>
    <message>
        <source>Section (Rectangle)</source>
        <translation>Sección (rectángulo)</translation>
    </message>
    <message>
        <source>Section %1</source>
        <translation>Sección %1</translation>
    </message>
    <message>
        <source>Section (Polygon)</source>
        <translation>Sección (polígono)</translation>
    </message>
    <message>
        <source>Straight Row</source>
        <translation>Fila recta</translation>
    </message>
    <message>
        <source>Arc Row</source>
        <translation>Fila en arco</translation>
    </message>
    <message>
        <source>Block of Rows</source>
        <translation>Bloque de filas</translation>
    </message>
    <message>
        <source>GA Area</source>
        <translation>Zona de pie</translation>
    </message>
    <message>
        <source>Standing %1</source>
        <translation>De pie %1</translation>
    </message>
    <message>
        <source>Stage</source>
        <translation>Escenario</translation>
    </message>
    <message>
        <source>Rectangle</source>
        <translation>Rectángulo</translation>
    </message>
    <message>
        <source>Ellipse</source>
        <translation>Elipse</translation>
    </message>
    <message>
        <source>Polygon</source>
        <translation>Polígono</translation>
    </message>
    <message>
        <source>Text</source>
        <translation>Texto</translation>
    </message>
    <message>
        <source>Focal Point</source>
        <translation>Punto focal</translation>
    </message>
    <message>
        <source>Set Focal Point</source>
        <translation>Fijar punto focal</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>Select</source>
        <translation>Seleccionar</translation>
    </message>
</context>
<context>
    <name>boxoffice::editor::ToolOptionsBar</name>
    <message>
        <source>Tool Options</source>
        <translation>Opciones de herramienta</translation>
    </message>
    <message>
        <source>Stagger</source>
        <translation>Escalonar</translation>
    </message>
    <message>
        <source>auto</source>
        <translation>auto</translation>
    </message>
    <message>
        <source>next</source>
        <translation>siguiente</translation>
    </message>
    <message>
        <source>A, B, C (no I, O)</source>
        <translation>A, B, C (sin I, O)</translation>
    </message>
    <message>
        <source>1, 2, 3</source>
        <translation>1, 2, 3</translation>
    </message>
    <message>
        <source>Seats:</source>
        <translation>Asientos:</translation>
    </message>
    <message>
        <source>Spacing:</source>
        <translation>Separación:</translation>
    </message>
    <message>
        <source>Numbering:</source>
        <translation>Numeración:</translation>
    </message>
    <message>
        <source>Start:</source>
        <translation>Inicio:</translation>
    </message>
    <message>
        <source>Row:</source>
        <translation>Fila:</translation>
    </message>
    <message>
        <source>Labels:</source>
        <translation>Etiquetas:</translation>
    </message>
    <message>
        <source>Rows:</source>
        <translation>Filas:</translation>
    </message>
    <message>
        <source>Row spacing:</source>
        <translation>Separación de filas:</translation>
    </message>
    <message>
        <source>Capacity:</source>
        <translation>Aforo:</translation>
    </message>
    <message>
        <source>Text:</source>
        <translation>Texto:</translation>
    </message>
</context>
<context>
    <name>boxoffice::editor::Tools</name>
    <message>
        <source>Section %1</source>
        <translation>Sección %1</translation>
    </message>
</context>
<context>
    <name>boxoffice::editor::ValidationPanel</name>
    <message>
        <source>Problem</source>
        <translation>Problema</translation>
    </message>
    <message>
        <source>Where</source>
        <translation>Dónde</translation>
    </message>
    <message>
        <source>✔ No problems found.</source>
        <translation>✔ No se encontraron problemas.</translation>
    </message>
    <message>
        <source>Errors: %1 · Warnings: %2</source>
        <translation>Errores: %1 · Avisos: %2</translation>
    </message>
    <message>
        <source>Checking…</source>
        <translation>Comprobando…</translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <source>error: cannot write %1: %2</source>
        <translation>error: no se puede escribir %1: %2</translation>
    </message>
    <message>
        <source>Draw sections, rows, seats and general-admission areas.</source>
        <translation>Dibuja secciones, filas, asientos y zonas de entrada general.</translation>
    </message>
    <message>
        <source>Check a venue file; exit code 1 when it has errors.</source>
        <translation>Comprueba un archivo de recinto; código de salida 1 si tiene errores.</translation>
    </message>
    <message>
        <source>Generate a venue: stadium, theatre, arena or large.</source>
        <translation>Genera un recinto: stadium, theatre, arena o large.</translation>
    </message>
    <message>
        <source>Seats of a generated venue.</source>
        <translation>Asientos de un recinto generado.</translation>
    </message>
    <message>
        <source>Write a venue as SVG.</source>
        <translation>Escribe un recinto como SVG.</translation>
    </message>
    <message>
        <source>Convert a pretix seating plan to .venue.json.</source>
        <translation>Convierte un plano de asientos de pretix a .venue.json.</translation>
    </message>
    <message>
        <source>Output file.</source>
        <translation>Archivo de salida.</translation>
    </message>
    <message>
        <source>Interface language (en, es).</source>
        <translation>Idioma de la interfaz (en, es).</translation>
    </message>
    <message>
        <source>Venue to open.</source>
        <translation>Recinto que abrir.</translation>
    </message>
    <message>
        <source>error: -o FILE is required</source>
        <translation>error: hace falta -o ARCHIVO</translation>
    </message>
    <message>
        <source>%1: OK, %2 seats, %3 warnings</source>
        <translation>%1: correcto, %2 asientos, %3 avisos</translation>
    </message>
    <message>
        <source>%1: %2 errors</source>
        <translation>%1: %2 errores</translation>
    </message>
    <message>
        <source>error: --seats must be 0..1000000</source>
        <translation>error: --seats debe estar entre 0 y 1000000</translation>
    </message>
    <message>
        <source>error: unknown kind &quot;%1&quot;</source>
        <translation>error: tipo desconocido &quot;%1&quot;</translation>
    </message>
    <message>
        <source>wrote %1: %2 seats in %3 sections</source>
        <translation>escrito %1: %2 asientos en %3 secciones</translation>
    </message>
    <message>
        <source>wrote %1: %2 seats</source>
        <translation>escrito %1: %2 asientos</translation>
    </message>
</context>
</TS>
