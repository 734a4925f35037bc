<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="es">
<context>
    <name>boxoffice::app</name>
    <message>
        <source>Cash</source>
        <translation>Efectivo</translation>
    </message>
    <message>
        <source>Card</source>
        <translation>Tarjeta</translation>
    </message>
    <message>
        <source>Complimentary</source>
        <translation>Invitación</translation>
    </message>
    <message>
        <source>Split: cash and card</source>
        <translation>Dividido: efectivo y tarjeta</translation>
    </message>
    <message>
        <source>Paid</source>
        <translation>Pagado</translation>
    </message>
    <message>
        <source>Refunded</source>
        <translation>Devuelto</translation>
    </message>
    <message>
        <source>Not paid yet</source>
        <translation>Aún sin pagar</translation>
    </message>
    <message>
        <source>Valid</source>
        <translation>Válida</translation>
    </message>
    <message>
        <source>Void</source>
        <translation>Anulada</translation>
    </message>
    <message>
        <source>Discount</source>
        <translation>Descuento</translation>
    </message>
    <message>
        <source>Booking fees</source>
        <translation>Gastos de gestión</translation>
    </message>
    <message>
        <source>Including %1</source>
        <translation>Incluye %1</translation>
    </message>
    <message>
        <source>tax</source>
        <translation>impuestos</translation>
    </message>
</context>
<context>
    <name>boxoffice::app::AuditListModel</name>
    <message>
        <source>When</source>
        <translation>Cuándo</translation>
    </message>
    <message>
        <source>Who</source>
        <translation>Quién</translation>
    </message>
    <message>
        <source>What</source>
        <translation>Qué</translation>
    </message>
    <message>
        <source>Event</source>
        <translation>Evento</translation>
    </message>
    <message>
        <source>Before → after</source>
        <translation>Antes → después</translation>
    </message>
</context>
<context>
    <name>boxoffice::app::AuditPage</name>
    <message>
        <source>Audit trail</source>
        <translation>Registro de cambios</translation>
    </message>
    <message>
        <source>&amp;Event:</source>
        <translation>&amp;Evento:</translation>
    </message>
    <message>
        <source>Show the changes of</source>
        <translation>Mostrar los cambios de</translation>
    </message>
    <message>
        <source>All events and staff</source>
        <translation>Todos los eventos y el personal</translation>
    </message>
    <message>
        <source>Refresh (Ctrl+R)</source>
        <translation>Actualizar (Ctrl+R)</translation>
    </message>
    <message>
        <source>Refresh the audit trail</source>
        <translation>Actualizar el registro de cambios</translation>
    </message>
    <message>
        <source>&amp;Load older (Ctrl+L)</source>
        <translation>&amp;Cargar anteriores (Ctrl+L)</translation>
    </message>
    <message>
        <source>Load older lines</source>
        <translation>Cargar líneas anteriores</translation>
    </message>
    <message>
        <source>Audit trail, newest first</source>
        <translation>Registro de cambios, lo más reciente primero</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>Loading the audit trail…</source>
        <translation>Cargando el registro de cambios…</translation>
    </message>
    <message>
        <source>The audit trail could not be loaded. %1</source>
        <translation>No se pudo cargar el registro de cambios. %1</translation>
    </message>
    <message>
        <source>Nothing was changed in this event yet.</source>
        <translation>Todavía no se ha cambiado nada en este evento.</translation>
    </message>
    <message>
        <source>Nothing was changed yet.</source>
        <translation>Todavía no se ha cambiado nada.</translation>
    </message>
    <message numerus="yes">
        <source>Newest changes shown: %n. Older ones: Load older (Ctrl+L).</source>
        <translation>
            <numerusform>Se muestra el cambio más reciente: %n. Los anteriores: Cargar anteriores (Ctrl+L).</numerusform>
            <numerusform>Se muestran los cambios más recientes: %n. Los anteriores: Cargar anteriores (Ctrl+L).</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>All changes shown: %n.</source>
        <translation>
            <numerusform>Se muestra el único cambio: %n.</numerusform>
            <numerusform>Se muestran todos los cambios: %n.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>boxoffice::app::AuditWords</name>
    <message>
        <source>“%1”</source>
        <translation>«%1»</translation>
    </message>
    <message>
        <source>none</source>
        <translation>ninguno</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>sí</translation>
    </message>
    <message>
        <source>no</source>
        <translation>no</translation>
    </message>
    <message>
        <source>%1: %2 → %3</source>
        <translation>%1: %2 → %3</translation>
    </message>
    <message>
        <source>%1 added at %2</source>
        <translation>%1 añadida a %2</translation>
    </message>
    <message>
        <source>%1 removed</source>
        <translation>%1 eliminada</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>kills (never sold)</source>
        <translation>bloqueadas (nunca a la venta)</translation>
    </message>
    <message>
        <source>house seats</source>
        <translation>butacas de la casa</translation>
    </message>
    <message>
        <source>allocation %1</source>
        <translation>cupo %1</translation>
    </message>
    <message>
        <source>Created the event</source>
        <translation>Creó el evento</translation>
    </message>
    <message>
        <source>Changed the event</source>
        <translation>Cambió el evento</translation>
    </message>
    <message>
        <source>Cancelled the event</source>
        <translation>Canceló el evento</translation>
    </message>
    <message>
        <source>Made this event as a copy</source>
        <translation>Creó este evento como copia</translation>
    </message>
    <message>
        <source>Changed the prices</source>
        <translation>Cambió los precios</translation>
    </message>
    <message>
        <source>Gave seats another price category</source>
        <translation>Asignó otra categoría de precio a butacas</translation>
    </message>
    <message>
        <source>Held seats back</source>
        <translation>Reservó butacas</translation>
    </message>
    <message>
        <source>Released held-back seats to sale</source>
        <translation>Liberó butacas reservadas para la venta</translation>
    </message>
    <message>
        <source>Changed who may sell an allocation</source>
        <translation>Cambió quién puede vender un cupo</translation>
    </message>
    <message>
        <source>Created a staff account</source>
        <translation>Creó una cuenta de personal</translation>
    </message>
    <message>
        <source>Changed a staff account</source>
        <translation>Cambió una cuenta de personal</translation>
    </message>
    <message>
        <source>Other change (%1)</source>
        <translation>Otro cambio (%1)</translation>
    </message>
    <message>
        <source>Title</source>
        <translation>Título</translation>
    </message>
    <message>
        <source>Category</source>
        <translation>Categoría</translation>
    </message>
    <message>
        <source>Artists</source>
        <translation>Artistas</translation>
    </message>
    <message>
        <source>Start</source>
        <translation>Inicio</translation>
    </message>
    <message>
        <source>Sale opens</source>
        <translation>Apertura de la venta</translation>
    </message>
    <message>
        <source>Sale closes</source>
        <translation>Cierre de la venta</translation>
    </message>
    <message>
        <source>Doors</source>
        <translation>Puertas</translation>
    </message>
    <message>
        <source>Sale conditions</source>
        <translation>Condiciones de venta</translation>
    </message>
    <message>
        <source>Seats per buyer</source>
        <translation>Butacas por comprador</translation>
    </message>
    <message>
        <source>Baskets per buyer</source>
        <translation>Cestas por comprador</translation>
    </message>
    <message>
        <source>Hold seconds</source>
        <translation>Segundos de reserva</translation>
    </message>
    <message>
        <source>Waiting room</source>
        <translation>Sala de espera</translation>
    </message>
    <message>
        <source>Admissions per minute</source>
        <translation>Admisiones por minuto</translation>
    </message>
    <message>
        <source>Active cap</source>
        <translation>Límite de activos</translation>
    </message>
    <message>
        <source>Sale paused</source>
        <translation>Venta en pausa</translation>
    </message>
    <message>
        <source>Venue</source>
        <translation>Recinto</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Nombre</translation>
    </message>
    <message>
        <source>Colour</source>
        <translation>Color</translation>
    </message>
    <message>
        <source>Price</source>
        <translation>Precio</translation>
    </message>
    <message>
        <source>Role</source>
        <translation>Rol</translation>
    </message>
    <message>
        <source>Disabled</source>
        <translation>Desactivada</translation>
    </message>
    <message>
        <source>Counter may sell</source>
        <translation>La taquilla puede vender</translation>
    </message>
    <message>
        <source>Reason</source>
        <translation>Motivo</translation>
    </message>
    <message>
        <source>%1 as %2</source>
        <translation>%1 como %2</translation>
    </message>
    <message>
        <source>disabled</source>
        <translation>desactivada</translation>
    </message>
    <message>
        <source>enabled again</source>
        <translation>activada de nuevo</translation>
    </message>
    <message>
        <source>role %1 → %2</source>
        <translation>rol %1 → %2</translation>
    </message>
    <message>
        <source>new password</source>
        <translation>contraseña nueva</translation>
    </message>
    <message>
        <source>%1, starting %2</source>
        <translation>%1, empieza el %2</translation>
    </message>
    <message>
        <source>Copy %1, starting %2</source>
        <translation>Copia %1, empieza el %2</translation>
    </message>
    <message>
        <source>Reason: %1</source>
        <translation>Motivo: %1</translation>
    </message>
    <message numerus="yes">
        <source>refunds queued: %n</source>
        <translation>
            <numerusform>reembolsos en cola: %n</numerusform>
            <numerusform>reembolsos en cola: %n</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>tickets revoked: %n</source>
        <translation>
            <numerusform>entradas anuladas: %n</numerusform>
            <numerusform>entradas anuladas: %n</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>As %1: %2 (seats: %n)</source>
        <translation>
            <numerusform>Como %1: %2 (butacas: %n)</numerusform>
            <numerusform>Como %1: %2 (butacas: %n)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Back on sale: %1 (seats: %n)</source>
        <translation>
            <numerusform>De nuevo a la venta: %1 (butacas: %n)</numerusform>
            <numerusform>De nuevo a la venta: %1 (butacas: %n)</numerusform>
        </translation>
    </message>
    <message>
        <source>%1: the counter may sell its seats</source>
        <translation>%1: la taquilla puede vender sus butacas</translation>
    </message>
    <message>
        <source>%1: the counter may not sell its seats</source>
        <translation>%1: la taquilla no puede vender sus butacas</translation>
    </message>
</context>
<context>
    <name>boxoffice::app::BasketPanel</name>
    <message>
        <source>Basket</source>
        <translation>Cesta</translation>
    </message>
    <message>
        <source>Seat</source>
        <translation>Butaca</translation>
    </message>
    <message>
        <source>Price</source>
        <translation>Precio</translation>
    </message>
    <message>
        <source>Total</source>
        <translation>Total</translation>
    </message>
    <message>
        <source>Checkout (F12)</source>
        <translation>Cobrar (F12)</translation>
    </message>
    <message>
        <source>Take payment for the basket (F12)</source>
        <translation>Cobrar la cesta (F12)</translation>
    </message>
    <message>
        <source>Clear basket (F8)</source>
        <translation>Vaciar cesta (F8)</translation>
    </message>
    <message>
        <source>Release the held seats (F8)</source>
        <translation>Liberar las butacas retenidas (F8)</translation>
    </message>
    <message>
        <source>Remove selected line (Del)</source>
        <translation>Quitar la línea seleccionada (Supr)</translation>
    </message>
    <message>
        <source>%1 × %2</source>
        <translation>%1 × %2</translation>
    </message>
    <message>
        <source>Holding seats…</source>
        <translation>Reteniendo butacas…</translation>
    </message>
    <message>
        <source>Click seats on the map, or use Best available (F6)</source>
        <translation>Haga clic en las butacas del plano o use Mejor disponible (F6)</translation>
    </message>
    <message>
        <source>Held for %1:%2</source>
        <translation>Retenidas durante %1:%2</translation>
    </message>
    <message>
        <source>Ticket</source>
        <translation>Entrada</translation>
    </message>
    <message>
        <source>Ticket type for %1</source>
        <translation>Tipo de entrada de %1</translation>
    </message>
    <message>
        <source>Standard, %1</source>
        <translation>Normal, %1</translation>
    </message>
    <message>
        <source>%1, %2</source>
        <translation>%1, %2</translation>
    </message>
</context>
<context>
    <name>boxoffice::app::BasketPriceBox</name>
    <message>
        <source>Promo code</source>
        <translation>Código promocional</translation>
    </message>
    <message>
        <source>Remove code</source>
        <translation>Quitar código</translation>
    </message>
    <message>
        <source>Apply code</source>
        <translation>Aplicar código</translation>
    </message>
    <message>
        <source>Code %1: −%2</source>
        <translation>Código %1: −%2</translation>
    </message>
    <message>
        <source>Fees: %1</source>
        <translation>Gastos: %1</translation>
    </message>
    <message>
        <source>Including %1: %2</source>
        <translation>%1 incluido: %2</translation>
    </message>
    <message>
        <source>tax</source>
        <translation>impuestos</translation>
    </message>
</context>
<context>
    <name>boxoffice::app::CancelEventDialog</name>
    <message>
        <source>Cancel event</source>
        <translation>Cancelar evento</translation>
    </message>
    <message>
        <source>Cancel “%1” on %2?</source>
        <translation>¿Cancelar «%1» del %2?</translation>
    </message>
    <message>
        <source>&lt;p&gt;This cannot be undone. At once:&lt;/p&gt;&lt;ul&gt;&lt;li&gt;the sale stops, online and at the counter;&lt;/li&gt;&lt;li&gt;every paid online order is refunded in full through the payment provider;&lt;/li&gt;&lt;li&gt;all tickets are revoked and no longer open the door;&lt;/li&gt;&lt;li&gt;every buyer with an e-mail address is mailed, with your reason;&lt;/li&gt;&lt;li&gt;the counter&apos;s paid orders are listed afterwards, for the counter to pay back.&lt;/li&gt;&lt;/ul&gt;</source>
        <translation>&lt;p&gt;No se puede deshacer. En el acto:&lt;/p&gt;&lt;ul&gt;&lt;li&gt;la venta se detiene, en línea y en taquilla;&lt;/li&gt;&lt;li&gt;cada pedido en línea pagado se reembolsa entero a través del proveedor de pagos;&lt;/li&gt;&lt;li&gt;todas las entradas se anulan y dejan de abrir la puerta;&lt;/li&gt;&lt;li&gt;se escribe a cada comprador con dirección de correo, con su motivo;&lt;/li&gt;&lt;li&gt;los pedidos pagados en taquilla se listan después, para que la taquilla los devuelva.&lt;/li&gt;&lt;/ul&gt;</translation>
    </message>
    <message>
        <source>&amp;Reason (the buyers read it):</source>
        <translation>&amp;Motivo (lo leen los compradores):</translation>
    </message>
    <message>
        <source>Reason for the cancellation</source>
        <translation>Motivo de la cancelación</translation>
    </message>
    <message>
        <source>e.g. The artist is ill</source>
        <translation>p. ej., el artista está enfermo</translation>
    </message>
    <message>
        <source>Cancel the event (Enter)</source>
        <translation>Cancelar el evento (Intro)</translation>
    </message>
    <message>
        <source>&amp;Keep the event (Esc)</source>
        <translation>Ma&amp;ntener el evento (Esc)</translation>
    </message>
</context>
<context>
    <name>boxoffice::app::CancelResultDialog</name>
    <message>
        <source>Event cancelled</source>
        <translation>Evento cancelado</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;“%1” is cancelled.&lt;/b&gt;&lt;/p&gt;&lt;p&gt;%2 online refund(s) queued with the payment provider, %3 ticket(s) revoked, %4 buyer(s) mailed.&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;«%1» está cancelado.&lt;/b&gt;&lt;/p&gt;&lt;p&gt;Reembolsos en línea en cola con el proveedor de pagos: %2. Entradas anuladas: %3. Compradores avisados por correo: %4.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>No counter orders to pay back.</source>
        <translation>No hay pedidos de taquilla que devolver.</translation>
    </message>
    <message>
        <source>Pay these counter orders back at the counter:</source>
        <translation>Devuelva en taquilla el importe de estos pedidos:</translation>
    </message>
    <message>
        <source>Counter orders to pay back</source>
        <translation>Pedidos de taquilla que devolver</translation>
    </message>
    <message>
        <source>Order</source>
        <translation>Pedido</translation>
    </message>
    <message>
        <source>Amount</source>
        <translation>Importe</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Nombre</translation>
    </message>
    <message>
        <source>E-mail</source>
        <translation>Correo</translation>
    </message>
</context>
<context>
    <name>boxoffice::app::CategoryChart</name>
    <message>
        <source>Sold</source>
        <translation>Vendidas</translation>
    </message>
    <message>
        <source>Comps</source>
        <translation>Invitaciones</translation>
    </message>
    <message>
        <source>Held</source>
        <translation>Retenidas</translation>
    </message>
    <message>
        <source>Held back</source>
        <translation>Bloqueadas</translation>
    </message>
    <message>
        <source>Available</source>
        <translation>Disponibles</translation>
    </message>
    <message>
        <source>Places by price category</source>
        <translation>Plazas por categoría de precio</translation>
    </message>
    <message>
        <source>Chart: places by price category</source>
        <translation>Gráfico: plazas por categoría de precio</translation>
    </message>
    <message>
        <source>The same figures are in the table below.</source>
        <translation>Las mismas cifras están en la tabla de abajo.</translation>
    </message>
</context>
<context>
    <name>boxoffice::app::ChangeRoleDialog</name>
    <message>
        <source>Change the role of %1</source>
        <translation>Cambiar el rol de %1</translation>
    </message>
    <message>
        <source>New role</source>
        <translation>Rol nuevo</translation>
    </message>
    <message>
        <source>“%1” is now: %2. A lower role counts at once; a higher one from their next sign-in.</source>
        <translation>«%1» es ahora: %2. Un rol inferior vale al instante; uno superior, desde su próximo inicio de sesión.</translation>
    </message>
    <message>
        <source>New &amp;role:</source>
        <translation>&amp;Rol nuevo:</translation>
    </message>
    <message>
        <source>&amp;Change role (Enter)</source>
        <translation>&amp;Cambiar el rol (Intro)</translation>
    </message>
</context>
<context>
    <name>boxoffice::app::CheckoutDialog</name>
    <message>
        <source>&amp;1 Cash</source>
        <translation>&amp;1 Efectivo</translation>
    </message>
    <message>
        <source>&amp;2 Card terminal</source>
        <translation>&amp;2 Datáfono</translation>
    </message>
    <message>
        <source>&amp;3 Complimentary</source>
        <translation>&amp;3 Invitación</translation>
    </message>
    <message>
        <source>Confirm sale (Enter)</source>
        <translation>Confirmar venta (Intro)</translation>
    </message>
    <message>
        <source>Checkout</source>
        <translation>Cobro</translation>
    </message>
    <message>
        <source>Amount due</source>
        <translation>Importe a pagar</translation>
    </message>
    <message>
        <source>Only a manager may give complimentary tickets</source>
        <translation>Solo un responsable puede dar invitaciones</translation>
    </message>
    <message>
        <source>Tendered:</source>
        <translation>Entregado:</translation>
    </message>
    <message>
        <source>Quick:</source>
        <translation>Rápido:</translation>
    </message>
    <message>
        <source>Terminal receipt number</source>
        <translation>Número del recibo del datáfono</translation>
    </message>
    <message>
        <source>Reference:</source>
        <translation>Referencia:</translation>
    </message>
    <message>
        <source>Why is this free? (required)</source>
        <translation>¿Por qué es gratis? (obligatorio)</translation>
    </message>
    <message>
        <source>Reason:</source>
        <translation>Motivo:</translation>
    </message>
    <message>
        <source>Back to the map (Esc)</source>
        <translation>Volver al plano (Esc)</translation>
    </message>
    <message>
        <source>Still due: %1</source>
        <translation>Falta: %1</translation>
    </message>
    <message>
        <source>Change: %1</source>
        <translation>Cambio: %1</translation>
    </message>
    <message>
        <source>Recording the sale…</source>
        <translation>Registrando la venta…</translation>
    </message>
    <message>
        <source>GIVE CHANGE: %1</source>
        <translation>DAR CAMBIO: %1</translation>
    </message>
    <message>
        <source>Sold. Order %1 — tickets are printing.</source>
        <translation>Vendido. Pedido %1 — imprimiendo entradas.</translation>
    </message>
    <message>
        <source>Next customer (Enter)</source>
        <translation>Siguiente cliente (Intro)</translation>
    </message>
    <message>
        <source>&amp;4 Cash + card</source>
        <translation>&amp;4 Efectivo + tarjeta</translation>
    </message>
    <message>
        <source>Opening the shift…</source>
        <translation>Abriendo el turno…</translation>
    </message>
    <message>
        <source>Shift opened. Take the money and press Enter.</source>
        <translation>Turno abierto. Cobre y pulse Intro.</translation>
    </message>
    <message>
        <source>Invoice for a company… (F9)</source>
        <translation>Factura para una empresa… (F9)</translation>
    </message>
</context>
<context>
    <name>boxoffice::app::CounterPricing</name>
    <message>
        <source>There is no code %1.</source>
        <translation>No existe el código %1.</translation>
    </message>
    <message>
        <source>Code %1 is not valid today.</source>
        <translation>El código %1 no es válido hoy.</translation>
    </message>
    <message>
        <source>Code %1 has been used up.</source>
        <translation>El código %1 ya se ha agotado.</translation>
    </message>
    <message>
        <source>Code %1 is not for these tickets.</source>
        <translation>El código %1 no es para estas entradas.</translation>
    </message>
    <message>
        <source>Too many tickets of one type: %1</source>
        <translation>Demasiadas entradas de un tipo: %1</translation>
    </message>
    <message>
        <source>The server cannot be reached: %1</source>
        <translation>No se puede conectar con el servidor: %1</translation>
    </message>
</context>
<context>
    <name>boxoffice::app::CounterSettingsDialog</name>
    <message>
        <source>Open the cash drawer after a cash sale (ESC p)</source>
        <translation>Abrir el cajón tras una venta en efectivo (ESC p)</translation>
    </message>
    <message>
        <source>Printers and drawer</source>
        <translation>Impresoras y caja</translation>
    </message>
    <message>
        <source>PDF / system printer</source>
        <translation>PDF / impresora del sistema</translation>
    </message>
    <message>
        <source>ESC/POS receipt printer</source>
        <translation>Impresora de tiques ESC/POS</translation>
    </message>
    <message>
        <source>Boca ticket printer (FGL)</source>
        <translation>Impresora de entradas Boca (FGL)</translation>
    </message>
    <message>
        <source>ESC/POS printer</source>
        <translation>Impresora ESC/POS</translation>
    </message>
    <message>
        <source>printer-host:9100 or /dev/usb/lp0</source>
        <translation>impresora:9100 o /dev/usb/lp0</translation>
    </message>
    <message>
        <source>&amp;Drawer (till) of this counter:</source>
        <translation>&amp;Caja de este puesto:</translation>
    </message>
    <message>
        <source>&amp;Receipts:</source>
        <translation>&amp;Tiques:</translation>
    </message>
    <message>
        <source>Receipt printer &amp;address:</source>
        <translation>&amp;Dirección de la impresora de tiques:</translation>
    </message>
    <message>
        <source>&amp;Tickets:</source>
        <translation>&amp;Entradas:</translation>
    </message>
    <message>
        <source>Ticket printer a&amp;ddress:</source>
        <translation>Dirección de la impresora de e&amp;ntradas:</translation>
    </message>
</context>
<context>
    <name>boxoffice::app::DashboardPage</name>
    <message>
        <source>Sales dashboard</source>
        <translation>Panel de ventas</translation>
    </message>
    <message>
        <source>Even&amp;t:</source>
        <translation>Even&amp;to:</translation>
    </message>
    <message>
        <source>Event shown on the dashboard</source>
        <translation>Evento que muestra el panel</translation>
    </message>
    <message>
        <source>Refresh (Ctrl+R)</source>
        <translation>Actualizar (Ctrl+R)</translation>
    </message>
    <message>
        <source>Refresh the figures</source>
        <translation>Actualizar las cifras</translation>
    </message>
    <message>
        <source>Sold</source>
        <translation>Vendidas</translation>
    </message>
    <message>
        <source>Held</source>
        <translation>Retenidas</translation>
    </message>
    <message>
        <source>Available</source>
        <translation>Disponibles</translation>
    </message>
    <message>
        <source>Held back</source>
        <translation>Bloqueadas</translation>
    </message>
    <message>
        <source>Comps</source>
        <translation>Invitaciones</translation>
    </message>
    <message>
        <source>Revenue</source>
        <translation>Ingresos</translation>
    </message>
    <message>
        <source>Capacity</source>
        <translation>Aforo</translation>
    </message>
    <message>
        <source>Price category</source>
        <translation>Categoría de precio</translation>
    </message>
    <message>
        <source>Places by price category</source>
        <translation>Plazas por categoría de precio</translation>
    </message>
    <message>
        <source>Hour</source>
        <translation>Hora</translation>
    </message>
    <message>
        <source>Online</source>
        <translation>En línea</translation>
    </message>
    <message>
        <source>Counter</source>
        <translation>Taquilla</translation>
    </message>
    <message>
        <source>Places sold per hour</source>
        <translation>Plazas vendidas por hora</translation>
    </message>
    <message>
        <source>Dashboard</source>
        <translation>Panel de ventas</translation>
    </message>
    <message>
        <source>%1 — %2</source>
        <translation>%1 — %2</translation>
    </message>
    <message>
        <source>%1% · online %2 · counter %3</source>
        <translation>%1% · en línea %2 · taquilla %3</translation>
    </message>
    <message>
        <source>in baskets now</source>
        <translation>en cestas ahora</translation>
    </message>
    <message>
        <source>%1% of capacity</source>
        <translation>%1% del aforo</translation>
    </message>
    <message>
        <source>kills %1 · house %2 · allocations %3</source>
        <translation>anuladas %1 · casa %2 · cupos %3</translation>
    </message>
    <message>
        <source>free tickets</source>
        <translation>entradas gratuitas</translation>
    </message>
    <message>
        <source>paid, less refunds</source>
        <translation>cobrado, menos devoluciones</translation>
    </message>
    <message>
        <source>places</source>
        <translation>plazas</translation>
    </message>
    <message>
        <source>%1: %2 (%3)</source>
        <translation>%1: %2 (%3)</translation>
    </message>
    <message>
        <source>All</source>
        <translation>Total</translation>
    </message>
    <message>
        <source>Waiting room: its figures cannot be read right now (the queue store does not answer).</source>
        <translation>Sala de espera: sus cifras no se pueden leer ahora (el almacén de la cola no responde).</translation>
    </message>
    <message numerus="yes">
        <source>Waiting room: %1 waiting, %2 active, %3 admitted in the last minute; the last in line waits about %n minute(s).</source>
        <translation>
            <numerusform>Sala de espera: %1 esperando, %2 activos, %3 admitidos en el último minuto; el último de la fila espera unos %n minuto.</numerusform>
            <numerusform>Sala de espera: %1 esperando, %2 activos, %3 admitidos en el último minuto; el último de la fila espera unos %n minutos.</numerusform>
        </translation>
    </message>
    <message>
        <source>● Live</source>
        <translation>● En directo</translation>
    </message>
    <message>
        <source>○ Not live</source>
        <translation>○ Sin directo</translation>
    </message>
    <message>
        <source>Figures follow every sale as it happens</source>
        <translation>Las cifras siguen cada venta al momento</translation>
    </message>
    <message>
        <source>Live updates are reconnecting; figures refresh every 10 s</source>
        <translation>Reconectando las actualizaciones en directo; las cifras se actualizan cada 10 s</translation>
    </message>
    <message>
        <source>No figures. %1</source>
        <translation>Sin cifras. %1</translation>
    </message>
    <message>
        <source>Figures of %1, not current. %2</source>
        <translation>Cifras de las %1, no actuales. %2</translation>
    </message>
    <message>
        <source>No events yet.</source>
        <translation>Todavía no hay eventos.</translation>
    </message>
    <message>
        <source>Loading the figures…</source>
        <translation>Cargando las cifras…</translation>
    </message>
    <message>
        <source>Updated %1</source>
        <translation>Actualizado %1</translation>
    </message>
</context>
<context>
    <name>boxoffice::app::DialogFooter</name>
    <message>
        <source>Cancel (Esc)</source>
        <translation>Cancelar (Esc)</translation>
    </message>
</context>
<context>
    <name>boxoffice::app::DisableStaffBox</name>
    <message>
        <source>Disable account</source>
        <translation>Desactivar la cuenta</translation>
    </message>
    <message>
        <source>Enable account</source>
        <translation>Activar la cuenta</translation>
    </message>
    <message>
        <source>Disable “%1”?</source>
        <translation>¿Desactivar «%1»?</translation>
    </message>
    <message>
        <source>Enable “%1”?</source>
        <translation>¿Activar «%1»?</translation>
    </message>
    <message>
        <source>Every session of “%1” stops at once, at the counter and at the door: their next action asks them to sign in, and signing in is refused until the account is enabled again.</source>
        <translation>Todas las sesiones de «%1» se detienen al instante, en la taquilla y en la puerta: su próxima acción le pide iniciar sesión, y el inicio de sesión se rechaza hasta que la cuenta se active de nuevo.</translation>
    </message>
    <message>
        <source>“%1” can sign in again with their password.</source>
        <translation>«%1» puede volver a iniciar sesión con su contraseña.</translation>
    </message>
    <message>
        <source>&amp;Disable (Enter)</source>
        <translation>&amp;Desactivar (Intro)</translation>
    </message>
    <message>
        <source>&amp;Enable (Enter)</source>
        <translation>&amp;Activar (Intro)</translation>
    </message>
    <message>
        <source>Keep as it is (Esc)</source>
        <translation>Dejarla como está (Esc)</translation>
    </message>
</context>
<context>
    <name>boxoffice::app::DoorScreen</name>
    <message>
        <source>Scan result</source>
        <translation>Resultado del escaneo</translation>
    </message>
    <message>
        <source>Ticket code</source>
        <translation>Código de la entrada</translation>
    </message>
    <message>
        <source>Double entry reported after sync: %1</source>
        <translation>Doble entrada detectada al sincronizar: %1</translation>
    </message>
    <message>
        <source>Scan a ticket, or type its code and press Enter. F2: entry / exit.</source>
        <translation>Escanea una entrada, o escribe su código y pulsa Intro. F2: entrada / salida.</translation>
    </message>
    <message>
        <source>READY</source>
        <translation>LISTO</translation>
    </message>
    <message>
        <source>Mode: ENTRY</source>
        <translation>Modo: ENTRADA</translation>
    </message>
    <message>
        <source>Mode: EXIT</source>
        <translation>Modo: SALIDA</translation>
    </message>
    <message>
        <source>Event %1</source>
        <translation>Evento %1</translation>
    </message>
    <message>
        <source>ONLINE</source>
        <translation>EN LÍNEA</translation>
    </message>
    <message>
        <source>Revocation list: never loaded</source>
        <translation>Lista de anuladas: nunca cargada</translation>
    </message>
    <message>
        <source>Revocation list: up to date</source>
        <translation>Lista de anuladas: al día</translation>
    </message>
    <message>
        <source>EXIT</source>
        <translation>SALIDA</translation>
    </message>
    <message>
        <source>VALID</source>
        <translation>VÁLIDA</translation>
    </message>
    <message>
        <source>%1 — %2</source>
        <translation>%1 — %2</translation>
    </message>
    <message>
        <source>ALREADY USED</source>
        <translation>YA USADA</translation>
    </message>
    <message>
        <source>Used at %1</source>
        <translation>Usada a las %1</translation>
    </message>
    <message>
        <source>Used at %1 at gate %2</source>
        <translation>Usada a las %1 en la puerta %2</translation>
    </message>
    <message>
        <source>VOID</source>
        <translation>ANULADA</translation>
    </message>
    <message>
        <source>Refunded or replaced: this code no longer admits.</source>
        <translation>Reembolsada o sustituida: este código ya no da acceso.</translation>
    </message>
    <message>
        <source>WRONG EVENT</source>
        <translation>OTRO EVENTO</translation>
    </message>
    <message>
        <source>This ticket is for another event.</source>
        <translation>Esta entrada es de otro evento.</translation>
    </message>
    <message>
        <source>UNKNOWN</source>
        <translation>DESCONOCIDA</translation>
    </message>
    <message>
        <source>Not a ticket of ours: ask for the ticket again.</source>
        <translation>No es una entrada nuestra: pide la entrada de nuevo.</translation>
    </message>
    <message>
        <source>(checked offline)</source>
        <translation>(comprobada sin conexión)</translation>
    </message>
    <message numerus="yes">
        <source>OFFLINE · %n scan(s) to sync</source>
        <translation>
            <numerusform>SIN CONEXIÓN · %n escaneo por sincronizar</numerusform>
            <numerusform>SIN CONEXIÓN · %n escaneos por sincronizar</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Revocation list: %n minute(s) old</source>
        <translation>
            <numerusform>Lista de anuladas: de hace %n minuto</numerusform>
            <numerusform>Lista de anuladas: de hace %n minutos</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>boxoffice::app::DoorStation</name>
    <message>
        <source>%1 (in at gate %2 first)</source>
        <translation>%1 (entró antes por la puerta %2)</translation>
    </message>
    <message>
        <source>%1 · row %2 · seat %3</source>
        <translation>%1 · fila %2 · asiento %3</translation>
    </message>
</context>
<context>
    <name>boxoffice::app::DoorWindow</name>
    <message>
        <source>Box office — door</source>
        <translation>Taquilla — puerta</translation>
    </message>
    <message>
        <source>The server cannot be reached.</source>
        <translation>No se puede contactar con el servidor.</translation>
    </message>
    <message>
        <source>Wrong user name or password.</source>
        <translation>Usuario o contraseña incorrectos.</translation>
    </message>
    <message>
        <source>This account may not scan tickets.</source>
        <translation>Esta cuenta no puede escanear entradas.</translation>
    </message>
    <message>
        <source>Which event does this door admit to?</source>
        <translation>¿A qué evento da acceso esta puerta?</translation>
    </message>
    <message>
        <source>&amp;Gate:</source>
        <translation>&amp;Puerta:</translation>
    </message>
    <message>
        <source>for example Gate B</source>
        <translation>por ejemplo Puerta B</translation>
    </message>
    <message>
        <source>Gate</source>
        <translation>Puerta</translation>
    </message>
</context>
<context>
    <name>boxoffice::app::DuplicateDialog</name>
    <message>
        <source>%1 (copy)</source>
        <translation>%1 (copia)</translation>
    </message>
    <message>
        <source>Duplicate event</source>
        <translation>Duplicar evento</translation>
    </message>
    <message>
        <source>Title of the copy</source>
        <translation>Título de la copia</translation>
    </message>
    <message>
        <source>Start of the copy</source>
        <translation>Inicio de la copia</translation>
    </message>
    <message>
        <source>The copy has the same venue, settings and prices and no sales. Its sale opens and closes at the same distance from the start.</source>
        <translation>La copia tiene el mismo recinto, ajustes y precios, y ninguna venta. Su venta abre y cierra a la misma distancia del inicio.</translation>
    </message>
    <message>
        <source>&amp;Title:</source>
        <translation>&amp;Título:</translation>
    </message>
    <message>
        <source>&amp;Starts:</source>
        <translation>&amp;Empieza:</translation>
    </message>
    <message>
        <source>&amp;Starts (%1):</source>
        <translation>&amp;Empieza (%1):</translation>
    </message>
    <message>
        <source>&amp;Duplicate (Enter)</source>
        <translation>&amp;Duplicar (Intro)</translation>
    </message>
</context>
<context>
    <name>boxoffice::app::EventEditor</name>
    <message>
        <source>&amp;Reload the event</source>
        <translation>&amp;Recargar el evento</translation>
    </message>
    <message>
        <source>&amp;Pause sale</source>
        <translation>Pa&amp;usar la venta</translation>
    </message>
    <message>
        <source>&amp;Resume sale</source>
        <translation>Rean&amp;udar la venta</translation>
    </message>
    <message>
        <source>Dup&amp;licate…</source>
        <translation>&amp;Hacer una copia…</translation>
    </message>
    <message>
        <source>&amp;Cancel event…</source>
        <translation>&amp;Cancelar evento…</translation>
    </message>
    <message>
        <source>Save (Enter)</source>
        <translation>Guardar (Intro)</translation>
    </message>
    <message>
        <source>Close (Esc)</source>
        <translation>Cerrar (Esc)</translation>
    </message>
    <message>
        <source>Event</source>
        <translation>Evento</translation>
    </message>
    <message>
        <source>Message</source>
        <translation>Mensaje</translation>
    </message>
    <message>
        <source>Stop selling for now, online and at the counter; baskets already held can still be paid.</source>
        <translation>Deja de vender por ahora, en línea y en taquilla; las cestas ya reservadas aún se pueden pagar.</translation>
    </message>
    <message>
        <source>Sale: %1</source>
        <translation>Venta: %1</translation>
    </message>
    <message>
        <source>Create (Enter)</source>
        <translation>Crear (Intro)</translation>
    </message>
    <message>
        <source>Event: %1</source>
        <translation>Evento: %1</translation>
    </message>
    <message>
        <source>Cancelled: %1</source>
        <translation>Cancelado: %1</translation>
    </message>
    <message>
        <source>Loading the event…</source>
        <translation>Cargando el evento…</translation>
    </message>
    <message>
        <source>New event</source>
        <translation>Nuevo evento</translation>
    </message>
    <message>
        <source>Loading the venues…</source>
        <translation>Cargando los recintos…</translation>
    </message>
    <message>
        <source>No venue is published yet: publish one from the venue editor first.</source>
        <translation>Aún no hay ningún recinto publicado: publique uno desde el editor de recintos.</translation>
    </message>
    <message>
        <source>Choose the venue, then set the times and prices.</source>
        <translation>Elija el recinto y después fije los horarios y los precios.</translation>
    </message>
    <message>
        <source>Not saved: check the field marked in red.</source>
        <translation>No se ha guardado: revise el campo marcado en rojo.</translation>
    </message>
    <message>
        <source>Creating the event…</source>
        <translation>Creando el evento…</translation>
    </message>
    <message>
        <source>Nothing to save: no field was changed.</source>
        <translation>Nada que guardar: no ha cambiado ningún campo.</translation>
    </message>
    <message>
        <source>Saving…</source>
        <translation>Guardando…</translation>
    </message>
    <message>
        <source>Saved.</source>
        <translation>Guardado.</translation>
    </message>
    <message>
        <source>Created.</source>
        <translation>Creado.</translation>
    </message>
    <message>
        <source>Someone else changed this event while you were editing it, so your changes were not saved. Reload to see the event as it is now, then make your changes again.</source>
        <translation>Otra persona ha modificado este evento mientras usted lo editaba, así que sus cambios no se han guardado. Recárguelo para verlo como está ahora y vuelva a hacer sus cambios.</translation>
    </message>
    <message>
        <source>Pausing the sale…</source>
        <translation>Pausando la venta…</translation>
    </message>
    <message>
        <source>Resuming the sale…</source>
        <translation>Reanudando la venta…</translation>
    </message>
    <message>
        <source>The sale is paused: nothing can be held or sold until you resume it.</source>
        <translation>La venta está en pausa: no se puede reservar ni vender nada hasta que la reanude.</translation>
    </message>
    <message>
        <source>The sale is running again.</source>
        <translation>La venta vuelve a estar en marcha.</translation>
    </message>
    <message>
        <source>Making the copy…</source>
        <translation>Haciendo la copia…</translation>
    </message>
    <message>
        <source>Copy made: “%1” on %2. Find it in the events list.</source>
        <translation>Copia hecha: «%1» el %2. Está en la lista de eventos.</translation>
    </message>
    <message>
        <source>Cancelling the event…</source>
        <translation>Cancelando el evento…</translation>
    </message>
    <message>
        <source>Saved. The event is rescheduled: every buyer is mailed the new date, and their tickets stay valid.</source>
        <translation>Guardado. El evento cambia de fecha: se escribe a cada comprador con la fecha nueva y sus entradas siguen siendo válidas.</translation>
    </message>
    <message>
        <source>Unsaved changes</source>
        <translation>Cambios sin guardar</translation>
    </message>
    <message>
        <source>Close the event without saving your changes?</source>
        <translation>¿Cerrar el evento sin guardar sus cambios?</translation>
    </message>
    <message>
        <source>&amp;Discard changes</source>
        <translation>&amp;Descartar los cambios</translation>
    </message>
    <message>
        <source>&amp;Keep editing</source>
        <translation>&amp;Seguir editando</translation>
    </message>
</context>
<context>
    <name>boxoffice::app::EventFinder</name>
    <message>
        <source>Choose the event</source>
        <translation>Elija el evento</translation>
    </message>
    <message>
        <source>Search title, artist, venue or city — or type an event id (Ctrl+F)</source>
        <translation>Busque título, artista, recinto o ciudad — o escriba el id del evento (Ctrl+F)</translation>
    </message>
    <message>
        <source>When</source>
        <translation>Cuándo</translation>
    </message>
    <message>
        <source>Event</source>
        <translation>Evento</translation>
    </message>
    <message>
        <source>Venue</source>
        <translation>Recinto</translation>
    </message>
    <message>
        <source>From</source>
        <translation>Desde</translation>
    </message>
    <message>
        <source>Seats</source>
        <translation>Plazas</translation>
    </message>
    <message>
        <source>Searching…</source>
        <translation>Buscando…</translation>
    </message>
    <message>
        <source>This server has no event search; type the event id and press Enter.</source>
        <translation>Este servidor no tiene búsqueda de eventos; escriba el id del evento y pulse Intro.</translation>
    </message>
    <message>
        <source>Events could not be listed: %1</source>
        <translation>No se pudieron listar los eventos: %1</translation>
    </message>
    <message>
        <source>Today %1</source>
        <translation>Hoy %1</translation>
    </message>
    <message>
        <source>Sold out</source>
        <translation>Agotado</translation>
    </message>
    <message>
        <source>Few left</source>
        <translation>Quedan pocas</translation>
    </message>
    <message>
        <source>Available</source>
        <translation>Disponible</translation>
    </message>
    <message>
        <source>No events found.</source>
        <translation>No se encontraron eventos.</translation>
    </message>
    <message numerus="yes">
        <source>%n event(s). Enter opens the highlighted one.</source>
        <translation>
            <numerusform>%n evento. Intro abre el resaltado.</numerusform>
            <numerusform>%n eventos. Intro abre el resaltado.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>boxoffice::app::EventForm</name>
    <message>
        <source>Event</source>
        <translation>Evento</translation>
    </message>
    <message>
        <source>Times (venue time)</source>
        <translation>Horarios (hora del recinto)</translation>
    </message>
    <message>
        <source>Times (venue time, %1)</source>
        <translation>Horarios (hora del recinto, %1)</translation>
    </message>
    <message>
        <source>Sale</source>
        <translation>Venta</translation>
    </message>
    <message>
        <source>Waiting room</source>
        <translation>Sala de espera</translation>
    </message>
    <message>
        <source>Price categories</source>
        <translation>Categorías de precio</translation>
    </message>
    <message>
        <source>&amp;Title:</source>
        <translation>&amp;Título:</translation>
    </message>
    <message>
        <source>&amp;Artists:</source>
        <translation>&amp;Artistas:</translation>
    </message>
    <message>
        <source>Cate&amp;gory:</source>
        <translation>Cate&amp;goría:</translation>
    </message>
    <message>
        <source>&amp;Venue:</source>
        <translation>&amp;Recinto:</translation>
    </message>
    <message>
        <source>C&amp;urrency:</source>
        <translation>Mo&amp;neda:</translation>
    </message>
    <message>
        <source>&amp;Starts:</source>
        <translation>&amp;Empieza:</translation>
    </message>
    <message>
        <source>&amp;Doors open:</source>
        <translation>Apertura de &amp;puertas:</translation>
    </message>
    <message>
        <source>&amp;On sale from:</source>
        <translation>A la &amp;venta desde:</translation>
    </message>
    <message>
        <source>Sale &amp;ends:</source>
        <translation>&amp;Fin de la venta:</translation>
    </message>
    <message>
        <source>Co&amp;nditions:</source>
        <translation>Con&amp;diciones:</translation>
    </message>
    <message>
        <source>Seats per &amp;buyer:</source>
        <translation>&amp;Localidades por comprador:</translation>
    </message>
    <message>
        <source>Bas&amp;kets per buyer:</source>
        <translation>Ce&amp;stas por comprador:</translation>
    </message>
    <message>
        <source>&amp;Hold time:</source>
        <translation>T&amp;iempo de reserva:</translation>
    </message>
    <message>
        <source>Ad&amp;mit per minute:</source>
        <translation>Ad&amp;mitir por minuto:</translation>
    </message>
    <message>
        <source>Act&amp;ive at once:</source>
        <translation>Activos a la ve&amp;z:</translation>
    </message>
    <message>
        <source>Prices (double-click or type to change):</source>
        <translation>Precios (doble clic o escriba para cambiarlos):</translation>
    </message>
    <message>
        <source>Names, separated by commas</source>
        <translation>Nombres, separados por comas</translation>
    </message>
    <message>
        <source>What buyers agree to (shown in the shop)</source>
        <translation>Lo que aceptan los compradores (se muestra en la tienda)</translation>
    </message>
    <message>
        <source>Set</source>
        <translation>Fijar</translation>
    </message>
    <message>
        <source>Doors time set</source>
        <translation>Hora de apertura fijada</translation>
    </message>
    <message>
        <source>Sale end set</source>
        <translation>Fin de la venta fijado</translation>
    </message>
    <message>
        <source>Without an end the sale runs until the show, for the door.</source>
        <translation>Sin fin, la venta sigue hasta la función, para la puerta.</translation>
    </message>
    <message>
        <source> s</source>
        <translation> s</translation>
    </message>
    <message>
        <source>&amp;Queue buyers in a waiting room</source>
        <translation>P&amp;oner a los compradores en una sala de espera</translation>
    </message>
    <message>
        <source>Waiting room on</source>
        <translation>Sala de espera activada</translation>
    </message>
    <message>
        <source>An event keeps its venue: duplicate it to sell elsewhere.</source>
        <translation>Un evento conserva su recinto: duplíquelo para vender en otro.</translation>
    </message>
    <message>
        <source>%1, %2</source>
        <translation>%1, %2</translation>
    </message>
    <message>
        <source>A price is not a number: type it as 12.50.</source>
        <translation>Un precio no es un número: escríbalo como 12.50.</translation>
    </message>
</context>
<context>
    <name>boxoffice::app::EventListModel</name>
    <message>
        <source>%1, %2</source>
        <translation>%1, %2</translation>
    </message>
    <message>
        <source>Event</source>
        <translation>Evento</translation>
    </message>
    <message>
        <source>Venue</source>
        <translation>Recinto</translation>
    </message>
    <message>
        <source>Starts (venue time)</source>
        <translation>Empieza (hora del recinto)</translation>
    </message>
    <message>
        <source>Sale</source>
        <translation>Venta</translation>
    </message>
    <message>
        <source>Seats</source>
        <translation>Plazas</translation>
    </message>
</context>
<context>
    <name>boxoffice::app::EventMapPage</name>
    <message>
        <source>&amp;Event:</source>
        <translation>&amp;Evento:</translation>
    </message>
    <message>
        <source>Event</source>
        <translation>Evento</translation>
    </message>
    <message>
        <source>Reload (F5)</source>
        <translation>Recargar (F5)</translation>
    </message>
    <message>
        <source>Reload the events and the map</source>
        <translation>Recargar los eventos y el plano</translation>
    </message>
    <message>
        <source>&amp;Section:</source>
        <translation>&amp;Sector:</translation>
    </message>
    <message>
        <source>Section</source>
        <translation>Sector</translation>
    </message>
    <message>
        <source>Select it</source>
        <translation>Seleccionarlo</translation>
    </message>
    <message>
        <source>Add the whole section to the selection</source>
        <translation>Añadir todo el sector a la selección</translation>
    </message>
    <message>
        <source>Loading the events…</source>
        <translation>Cargando los eventos…</translation>
    </message>
    <message>
        <source>The events could not be loaded. %1</source>
        <translation>No se pudieron cargar los eventos. %1</translation>
    </message>
</context>
<context>
    <name>boxoffice::app::EventsPage</name>
    <message>
        <source>Events</source>
        <translation>Eventos</translation>
    </message>
    <message>
        <source>Filter by title, venue, date or sale state</source>
        <translation>Filtrar por título, recinto, fecha o estado de la venta</translation>
    </message>
    <message>
        <source>Filter events</source>
        <translation>Filtrar eventos</translation>
    </message>
    <message>
        <source>Refresh the events</source>
        <translation>Actualizar los eventos</translation>
    </message>
    <message>
        <source>&amp;Edit…</source>
        <translation>&amp;Editar…</translation>
    </message>
    <message>
        <source>Open the highlighted event (Enter)</source>
        <translation>Abrir el evento resaltado (Intro)</translation>
    </message>
    <message>
        <source>&amp;New event… (Ctrl+N)</source>
        <translation>&amp;Nuevo evento… (Ctrl+N)</translation>
    </message>
    <message>
        <source>Loading the events…</source>
        <translation>Cargando los eventos…</translation>
    </message>
    <message>
        <source>The events could not be loaded. %1</source>
        <translation>No se han podido cargar los eventos. %1</translation>
    </message>
    <message>
        <source>No events yet. Create the first one with New event (Ctrl+N).</source>
        <translation>Aún no hay eventos. Cree el primero con Nuevo evento (Ctrl+N).</translation>
    </message>
    <message>
        <source>No event matches “%1”.</source>
        <translation>Ningún evento coincide con «%1».</translation>
    </message>
    <message numerus="yes">
        <source>%n event(s). Enter opens the highlighted one.</source>
        <translation>
            <numerusform>%n evento. Intro abre el resaltado.</numerusform>
            <numerusform>%n eventos. Intro abre el resaltado.</numerusform>
        </translation>
    </message>
    <message>
        <source>Refresh (Ctrl+R)</source>
        <translation>Actualizar (Ctrl+R)</translation>
    </message>
</context>
<context>
    <name>boxoffice::app::ExchangeDialog</name>
    <message>
        <source>&amp;1 Cash</source>
        <translation>&amp;1 Efectivo</translation>
    </message>
    <message>
        <source>&amp;2 Card terminal</source>
        <translation>&amp;2 Datáfono</translation>
    </message>
    <message>
        <source>Exchange (Enter)</source>
        <translation>Cambiar (Intro)</translation>
    </message>
    <message>
        <source>Now: %1 (%2)</source>
        <translation>Ahora: %1 (%2)</translation>
    </message>
    <message>
        <source>Terminal receipt number</source>
        <translation>Número del recibo del datáfono</translation>
    </message>
    <message>
        <source>Tendered:</source>
        <translation>Entregado:</translation>
    </message>
    <message>
        <source>Reference:</source>
        <translation>Referencia:</translation>
    </message>
    <message>
        <source>Cancel (Esc)</source>
        <translation>Cancelar (Esc)</translation>
    </message>
    <message>
        <source>The event cannot be loaded: %1</source>
        <translation>No se puede cargar el evento: %1</translation>
    </message>
    <message>
        <source>The seat map cannot be loaded: %1</source>
        <translation>No se puede cargar el plano: %1</translation>
    </message>
    <message>
        <source>To pay: %1</source>
        <translation>A pagar: %1</translation>
    </message>
    <message>
        <source>To give back: %1</source>
        <translation>A devolver: %1</translation>
    </message>
    <message>
        <source>Same price: nothing to pay</source>
        <translation>Mismo precio: nada que pagar</translation>
    </message>
    <message>
        <source>Exchanging…</source>
        <translation>Cambiando…</translation>
    </message>
    <message>
        <source>That seat was taken a moment ago. Choose another.</source>
        <translation>Esa butaca se acaba de ocupar. Elija otra.</translation>
    </message>
    <message>
        <source>This ticket was already scanned at the door; it cannot be exchanged.</source>
        <translation>Esta entrada ya se escaneó en la puerta; no se puede cambiar.</translation>
    </message>
    <message>
        <source>Open a shift (F4) before handling cash.</source>
        <translation>Abra un turno (F4) antes de manejar efectivo.</translation>
    </message>
    <message>
        <source>Done. Give back %1.</source>
        <translation>Hecho. Devuelva %1.</translation>
    </message>
    <message>
        <source>Done. Give change: %1.</source>
        <translation>Hecho. Dé el cambio: %1.</translation>
    </message>
    <message>
        <source>Done. The new ticket is printing.</source>
        <translation>Hecho. La nueva entrada se está imprimiendo.</translation>
    </message>
    <message>
        <source>Close (Enter)</source>
        <translation>Cerrar (Intro)</translation>
    </message>
    <message>
        <source>%1 · Row %2 · Seat %3</source>
        <translation>%1 · Fila %2 · Butaca %3</translation>
    </message>
    <message>
        <source>%1 — %2 %3</source>
        <translation>%1 — %2 %3</translation>
    </message>
    <message>
        <source>&amp;3 Split cash and card</source>
        <translation>&amp;3 Dividir entre efectivo y tarjeta</translation>
    </message>
    <message>
        <source>Exchange a ticket</source>
        <translation>Cambiar una entrada</translation>
    </message>
    <message>
        <source>standing, %1</source>
        <translation>de pie, %1</translation>
    </message>
    <message>
        <source>&amp;New place:</source>
        <translation>&amp;Nuevo sitio:</translation>
    </message>
    <message>
        <source>Loading the free places…</source>
        <translation>Cargando los sitios libres…</translation>
    </message>
    <message numerus="yes">
        <source>%1 (standing, %n left) — %2 %3</source>
        <translation>
            <numerusform>%1 (de pie, queda %n) — %2 %3</numerusform>
            <numerusform>%1 (de pie, quedan %n) — %2 %3</numerusform>
        </translation>
    </message>
    <message>
        <source>No free place is left.</source>
        <translation>No queda ningún sitio libre.</translation>
    </message>
    <message>
        <source>%1 and %2. Type to search.</source>
        <translation>%1 y %2. Escriba para buscar.</translation>
    </message>
    <message numerus="yes">
        <source>%n free seat(s)</source>
        <translation>
            <numerusform>%n butaca libre</numerusform>
            <numerusform>%n butacas libres</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n standing zone(s) with room</source>
        <translation>
            <numerusform>%n zona de pie con sitio</numerusform>
            <numerusform>%n zonas de pie con sitio</numerusform>
        </translation>
    </message>
    <message>
        <source>Choose the new place</source>
        <translation>Elija el nuevo sitio</translation>
    </message>
    <message>
        <source>That standing zone filled up a moment ago. Choose another place.</source>
        <translation>Esa zona de pie se acaba de llenar. Elija otro sitio.</translation>
    </message>
</context>
<context>
    <name>boxoffice::app::ExportPanel</name>
    <message>
        <source>1 row</source>
        <translation>1 fila</translation>
    </message>
    <message>
        <source>%1 rows</source>
        <translation>%1 filas</translation>
    </message>
    <message>
        <source>%1 saved: %2, %3, in %4.</source>
        <translation>%1 guardado: %2, %3, en %4.</translation>
    </message>
    <message>
        <source>CSV files (UTF-8, one row per line, as spreadsheets read them) of the chosen event, saved where you choose. The transaction log follows the day, channel and clerk chosen above.</source>
        <translation>Archivos CSV (UTF-8, una fila por línea, como los leen las hojas de cálculo) del evento elegido, guardados donde usted elija. El registro de transacciones sigue el día, el canal y el taquillero elegidos arriba.</translation>
    </message>
    <message>
        <source>O&amp;rders…</source>
        <translation>P&amp;edidos…</translation>
    </message>
    <message>
        <source>Ti&amp;ckets…</source>
        <translation>Ent&amp;radas…</translation>
    </message>
    <message>
        <source>&amp;Attendees (for the door)…</source>
        <translation>&amp;Asistentes (para la puerta)…</translation>
    </message>
    <message>
        <source>Transaction lo&amp;g…</source>
        <translation>Registro de transa&amp;cciones…</translation>
    </message>
    <message>
        <source>Export the orders as CSV</source>
        <translation>Exportar los pedidos en CSV</translation>
    </message>
    <message>
        <source>Export the tickets as CSV</source>
        <translation>Exportar las entradas en CSV</translation>
    </message>
    <message>
        <source>Export the attendees as CSV</source>
        <translation>Exportar los asistentes en CSV</translation>
    </message>
    <message>
        <source>Export the transaction log as CSV</source>
        <translation>Exportar el registro de transacciones en CSV</translation>
    </message>
    <message>
        <source>Cancel (Esc)</source>
        <translation>Cancelar (Esc)</translation>
    </message>
    <message>
        <source>Cancel the export</source>
        <translation>Cancelar la exportación</translation>
    </message>
    <message>
        <source>Export progress</source>
        <translation>Progreso de la exportación</translation>
    </message>
    <message>
        <source>Save the export</source>
        <translation>Guardar la exportación</translation>
    </message>
    <message>
        <source>CSV files (*.csv)</source>
        <translation>Archivos CSV (*.csv)</translation>
    </message>
    <message>
        <source>Saving %1: %2 of %3, %4 so far…</source>
        <translation>Guardando %1: %2 de %3, %4 hasta ahora…</translation>
    </message>
    <message>
        <source>Saving %1: %2, %3 so far…</source>
        <translation>Guardando %1: %2, %3 hasta ahora…</translation>
    </message>
</context>
<context>
    <name>boxoffice::app::FiguresView</name>
    <message>
        <source>Totals</source>
        <translation>Totales</translation>
    </message>
    <message>
        <source>Money by kind, channel and payment method</source>
        <translation>Dinero por tipo, canal y forma de pago</translation>
    </message>
    <message>
        <source>Capacity now</source>
        <translation>Aforo ahora</translation>
    </message>
    <message>
        <source>Payments by method</source>
        <translation>Pagos por forma de pago</translation>
    </message>
    <message>
        <source>Orders whose payments differ</source>
        <translation>Pedidos cuyos pagos no cuadran</translation>
    </message>
    <message>
        <source>Price category</source>
        <translation>Categoría de precio</translation>
    </message>
    <message>
        <source>Channel</source>
        <translation>Canal</translation>
    </message>
    <message>
        <source>Comp</source>
        <translation>Invitación</translation>
    </message>
    <message>
        <source>Issued</source>
        <translation>Emitidas</translation>
    </message>
    <message>
        <source>Voided</source>
        <translation>Anuladas</translation>
    </message>
    <message>
        <source>Face value issued</source>
        <translation>Valor facial emitido</translation>
    </message>
    <message>
        <source>Face value voided</source>
        <translation>Valor facial anulado</translation>
    </message>
    <message>
        <source>What</source>
        <translation>Qué</translation>
    </message>
    <message>
        <source>Payment method</source>
        <translation>Forma de pago</translation>
    </message>
    <message>
        <source>Rows</source>
        <translation>Filas</translation>
    </message>
    <message>
        <source>Amount</source>
        <translation>Importe</translation>
    </message>
    <message>
        <source>Tax</source>
        <translation>Impuesto</translation>
    </message>
    <message>
        <source>Places</source>
        <translation>Plazas</translation>
    </message>
    <message>
        <source>Count</source>
        <translation>Cantidad</translation>
    </message>
    <message>
        <source>Method</source>
        <translation>Forma de pago</translation>
    </message>
    <message>
        <source>Provider</source>
        <translation>Proveedor</translation>
    </message>
    <message>
        <source>Captures</source>
        <translation>Cobros</translation>
    </message>
    <message>
        <source>Captured</source>
        <translation>Cobrado</translation>
    </message>
    <message>
        <source>Order</source>
        <translation>Pedido</translation>
    </message>
    <message>
        <source>Sold</source>
        <translation>Vendidas</translation>
    </message>
    <message>
        <source>Sent back</source>
        <translation>Devuelto al comprador</translation>
    </message>
    <message>
        <source>Money taken in by channel</source>
        <translation>Dinero ingresado por canal</translation>
    </message>
    <message>
        <source>Chart: money taken in by channel</source>
        <translation>Gráfico: dinero ingresado por canal</translation>
    </message>
    <message>
        <source>Ticket face value by price category</source>
        <translation>Valor facial de las entradas por categoría de precio</translation>
    </message>
    <message>
        <source>Chart: ticket face value by price category</source>
        <translation>Gráfico: valor facial de las entradas por categoría de precio</translation>
    </message>
    <message>
        <source>Sales</source>
        <translation>Ventas</translation>
    </message>
    <message>
        <source>Exchange differences</source>
        <translation>Diferencias de cambios</translation>
    </message>
    <message>
        <source>Refunded</source>
        <translation>Devuelto</translation>
    </message>
    <message>
        <source>Refunds</source>
        <translation>Devoluciones</translation>
    </message>
    <message>
        <source>Money taken in</source>
        <translation>Dinero ingresado</translation>
    </message>
    <message>
        <source>Of which tax</source>
        <translation>De ello, impuestos</translation>
    </message>
    <message>
        <source>Comp tickets</source>
        <translation>Invitaciones</translation>
    </message>
    <message>
        <source>Comps&apos; face value</source>
        <translation>Valor facial de las invitaciones</translation>
    </message>
    <message>
        <source>Captured by the payment provider</source>
        <translation>Cobrado por el proveedor de pagos</translation>
    </message>
    <message>
        <source>Sent back after failed sales</source>
        <translation>Devuelto tras ventas fallidas</translation>
    </message>
    <message>
        <source>Refunds paid out by the provider</source>
        <translation>Devoluciones pagadas por el proveedor</translation>
    </message>
    <message>
        <source>Standing</source>
        <translation>De pie</translation>
    </message>
    <message>
        <source>Yes</source>
        <translation>Sí</translation>
    </message>
    <message>
        <source>No</source>
        <translation>No</translation>
    </message>
    <message>
        <source>Sellable</source>
        <translation>A la venta</translation>
    </message>
    <message>
        <source>Held in baskets</source>
        <translation>Retenidas en cestas</translation>
    </message>
    <message>
        <source>Comps</source>
        <translation>Invitaciones</translation>
    </message>
    <message>
        <source>House seats (held back)</source>
        <translation>Reservas de la casa (bloqueadas)</translation>
    </message>
    <message>
        <source>Allocations (held back)</source>
        <translation>Cupos (bloqueadas)</translation>
    </message>
    <message>
        <source>Killed (held back)</source>
        <translation>Anuladas (bloqueadas)</translation>
    </message>
    <message>
        <source>Total</source>
        <translation>Total</translation>
    </message>
    <message>
        <source>None: every sale matches what the provider captured.</source>
        <translation>Ninguno: cada venta coincide con lo que cobró el proveedor.</translation>
    </message>
    <message>
        <source>One order whose sale differs from what was captured:</source>
        <translation>Un pedido cuya venta difiere de lo cobrado:</translation>
    </message>
    <message>
        <source>%1 orders whose sale differs from what was captured:</source>
        <translation>%1 pedidos cuya venta difiere de lo cobrado:</translation>
    </message>
    <message>
        <source>Sold for</source>
        <translation>Importe vendido</translation>
    </message>
    <message>
        <source>Tickets by price category, type and channel</source>
        <translation>Entradas por categoría de precio, tipo y canal</translation>
    </message>
    <message>
        <source>Ticket type</source>
        <translation>Tipo de entrada</translation>
    </message>
    <message>
        <source>Category price</source>
        <translation>Precio de la categoría</translation>
    </message>
</context>
<context>
    <name>boxoffice::app::HoldbackCounts</name>
    <message>
        <source>Held back as</source>
        <translation>Apartada como</translation>
    </message>
    <message>
        <source>Seats</source>
        <translation>Butacas</translation>
    </message>
    <message>
        <source>Counter may sell</source>
        <translation>La taquilla puede vender</translation>
    </message>
    <message>
        <source>Seats held back, by kind and allocation</source>
        <translation>Butacas apartadas, por tipo y cupo</translation>
    </message>
    <message>
        <source>Kills (never sold)</source>
        <translation>Anuladas (nunca a la venta)</translation>
    </message>
    <message>
        <source>House seats</source>
        <translation>Butacas de la casa</translation>
    </message>
    <message>
        <source>Allocation “%1”</source>
        <translation>Cupo «%1»</translation>
    </message>
    <message>
        <source>A clerk may sell this allocation&apos;s seats at the counter</source>
        <translation>Un taquillero puede vender en taquilla las butacas de este cupo</translation>
    </message>
</context>
<context>
    <name>boxoffice::app::HoldbacksPage</name>
    <message>
        <source>The counter may now sell the seats of “%1”.</source>
        <translation>La taquilla ya puede vender las butacas de «%1».</translation>
    </message>
    <message>
        <source>The counter may no longer sell the seats of “%1”.</source>
        <translation>La taquilla ya no puede vender las butacas de «%1».</translation>
    </message>
    <message>
        <source>Seats held back</source>
        <translation>Butacas apartadas</translation>
    </message>
    <message>
        <source>Seat map: click or Ctrl-click a seat to select it, Shift-click for its row, drag for an area</source>
        <translation>Plano de butacas: clic o Ctrl+clic en una butaca para seleccionarla, Mayús+clic para su fila, arrastre para un área</translation>
    </message>
    <message>
        <source>Legend</source>
        <translation>Leyenda</translation>
    </message>
    <message>
        <source>Kill (K)</source>
        <translation>Anular (K)</translation>
    </message>
    <message>
        <source>Never sold, e.g. a camera position (K)</source>
        <translation>Nunca a la venta, p. ej., un puesto de cámara (K)</translation>
    </message>
    <message>
        <source>Mark the selected seats as kills</source>
        <translation>Marcar las butacas seleccionadas como anuladas</translation>
    </message>
    <message>
        <source>House seats (H)</source>
        <translation>De la casa (H)</translation>
    </message>
    <message>
        <source>Kept for the house (H)</source>
        <translation>Reservadas para la casa (H)</translation>
    </message>
    <message>
        <source>Mark the selected seats as house seats</source>
        <translation>Marcar las butacas seleccionadas como butacas de la casa</translation>
    </message>
    <message>
        <source>A&amp;llocation (pick one or type a new name):</source>
        <translation>C&amp;upo (elija uno o escriba un nombre nuevo):</translation>
    </message>
    <message>
        <source>Allocation name</source>
        <translation>Nombre del cupo</translation>
    </message>
    <message>
        <source>e.g. Press</source>
        <translation>p. ej., Prensa</translation>
    </message>
    <message>
        <source>Allocate (A)</source>
        <translation>Asignar al cupo (A)</translation>
    </message>
    <message>
        <source>Give the selected seats to the named allocation</source>
        <translation>Dar las butacas seleccionadas al cupo indicado</translation>
    </message>
    <message>
        <source>Release (Del)</source>
        <translation>Liberar (Supr)</translation>
    </message>
    <message>
        <source>Back to sale (Delete)</source>
        <translation>De vuelta a la venta (Supr)</translation>
    </message>
    <message>
        <source>Release the selected seats to sale</source>
        <translation>Liberar a la venta las butacas seleccionadas</translation>
    </message>
    <message>
        <source>Clear (Esc)</source>
        <translation>Deseleccionar (Esc)</translation>
    </message>
    <message>
        <source>Clear the selection</source>
        <translation>Vaciar la selección</translation>
    </message>
    <message>
        <source>Release all of this line</source>
        <translation>Liberar todas las de esta línea</translation>
    </message>
    <message>
        <source>Release every seat of the chosen line to sale</source>
        <translation>Liberar a la venta todas las butacas de la línea elegida</translation>
    </message>
    <message>
        <source>Held &amp;back</source>
        <translation>&amp;Apartadas</translation>
    </message>
    <message>
        <source>Message</source>
        <translation>Mensaje</translation>
    </message>
    <message>
        <source>There is no event to hold seats back for. Create one in the Events tab.</source>
        <translation>No hay ningún evento para el que apartar butacas. Cree uno en la pestaña Eventos.</translation>
    </message>
    <message>
        <source>Loading the map…</source>
        <translation>Cargando el plano…</translation>
    </message>
    <message>
        <source>The map could not be loaded. %1</source>
        <translation>No se pudo cargar el plano. %1</translation>
    </message>
    <message>
        <source>The seats held back could not be loaded. %1</source>
        <translation>No se pudieron cargar las butacas apartadas. %1</translation>
    </message>
    <message>
        <source>%1 seats: %2 held back, %3 held by buyers, %4 sold, %5 on sale.</source>
        <translation>%1 butacas: %2 apartadas, %3 retenidas por compradores, %4 vendidas, %5 a la venta.</translation>
    </message>
    <message>
        <source>No seat selected. Click seats, Shift-click a row or drag over an area.</source>
        <translation>Ninguna butaca seleccionada. Haga clic en butacas, Mayús+clic en una fila o arrastre sobre un área.</translation>
    </message>
    <message>
        <source>1 seat selected.</source>
        <translation>1 butaca seleccionada.</translation>
    </message>
    <message>
        <source>%1 seats selected.</source>
        <translation>%1 butacas seleccionadas.</translation>
    </message>
    <message>
        <source>Kill</source>
        <translation>Anulada</translation>
    </message>
    <message>
        <source>House seat</source>
        <translation>De la casa</translation>
    </message>
    <message>
        <source>Allocation</source>
        <translation>Cupo</translation>
    </message>
    <message>
        <source>Held by a buyer</source>
        <translation>Retenida por un comprador</translation>
    </message>
    <message>
        <source>Sold</source>
        <translation>Vendida</translation>
    </message>
    <message>
        <source>Type a name for the allocation (e.g. Press) or pick one.</source>
        <translation>Escriba un nombre para el cupo (p. ej., Prensa) o elija uno.</translation>
    </message>
    <message>
        <source>The seat is now a kill.</source>
        <translation>La butaca está ahora anulada.</translation>
    </message>
    <message>
        <source>%1 seats are now kills.</source>
        <translation>%1 butacas están ahora anuladas.</translation>
    </message>
    <message>
        <source>The seat is now a house seat.</source>
        <translation>La butaca es ahora de la casa.</translation>
    </message>
    <message>
        <source>%1 seats are now house seats.</source>
        <translation>%1 butacas son ahora de la casa.</translation>
    </message>
    <message>
        <source>The seat now belongs to “%1”.</source>
        <translation>La butaca pertenece ahora a «%1».</translation>
    </message>
    <message>
        <source>%1 seats now belong to “%2”.</source>
        <translation>%1 butacas pertenecen ahora a «%2».</translation>
    </message>
    <message>
        <source>Released to sale: %1 seats.</source>
        <translation>Liberadas a la venta: %1 butacas.</translation>
    </message>
    <message>
        <source>Released to sale: %1 of the %2 selected seats (the others were not held back).</source>
        <translation>Liberadas a la venta: %1 de las %2 butacas seleccionadas (las demás no estaban apartadas).</translation>
    </message>
    <message>
        <source>Released to sale: %1 seats (%2).</source>
        <translation>Liberadas a la venta: %1 butacas (%2).</translation>
    </message>
    <message>
        <source>Nothing was changed. Held or sold meanwhile: %1. Only these are selected now: choose your seats again without them and retry.</source>
        <translation>No se ha cambiado nada. Retenidas o vendidas mientras tanto: %1. Ahora solo están seleccionadas estas: vuelva a elegir sus butacas sin ellas e inténtelo de nuevo.</translation>
    </message>
    <message>
        <source>Nothing was changed. %1</source>
        <translation>No se ha cambiado nada. %1</translation>
    </message>
    <message>
        <source>%1, row %2, seat %3</source>
        <translation>%1, fila %2, butaca %3</translation>
    </message>
    <message>
        <source>held by a buyer</source>
        <translation>retenida por un comprador</translation>
    </message>
    <message>
        <source>sold</source>
        <translation>vendida</translation>
    </message>
    <message>
        <source>kill</source>
        <translation>anulada</translation>
    </message>
    <message>
        <source>house seat</source>
        <translation>de la casa</translation>
    </message>
    <message>
        <source>allocation “%1”</source>
        <translation>cupo «%1»</translation>
    </message>
</context>
<context>
    <name>boxoffice::app::HourChart</name>
    <message>
        <source>Online</source>
        <translation>En línea</translation>
    </message>
    <message>
        <source>Counter</source>
        <translation>Taquilla</translation>
    </message>
    <message>
        <source>Places sold per hour</source>
        <translation>Plazas vendidas por hora</translation>
    </message>
    <message>
        <source>Chart: places sold per hour, online and at the counter</source>
        <translation>Gráfico: plazas vendidas por hora, en línea y en taquilla</translation>
    </message>
    <message>
        <source>The same figures are in the table beside it.</source>
        <translation>Las mismas cifras están en la tabla de al lado.</translation>
    </message>
</context>
<context>
    <name>boxoffice::app::InvoiceRequestDialog</name>
    <message>
        <source>Issue the invoice</source>
        <translation>Emitir la factura</translation>
    </message>
    <message>
        <source>Invoice for order %1</source>
        <translation>Factura del pedido %1</translation>
    </message>
    <message>
        <source>&amp;Company:</source>
        <translation>&amp;Empresa:</translation>
    </message>
    <message>
        <source>&amp;Address:</source>
        <translation>&amp;Dirección:</translation>
    </message>
    <message>
        <source>&amp;VAT number:</source>
        <translation>&amp;NIF:</translation>
    </message>
    <message>
        <source>Please fill in the company&apos;s name and address.</source>
        <translation>Escriba el nombre y la dirección de la empresa.</translation>
    </message>
    <message>
        <source>Issuing the invoice…</source>
        <translation>Emitiendo la factura…</translation>
    </message>
    <message>
        <source>This order has its invoice details already.</source>
        <translation>Este pedido ya tiene sus datos de factura.</translation>
    </message>
    <message>
        <source>This order gets no invoice (a comp).</source>
        <translation>Este pedido no lleva factura (una invitación).</translation>
    </message>
    <message>
        <source>Invoice %1 was issued but could not be fetched: %2</source>
        <translation>La factura %1 se emitió pero no se pudo descargar: %2</translation>
    </message>
    <message>
        <source>Invoice %1 could not be saved to %2.</source>
        <translation>La factura %1 no se pudo guardar en %2.</translation>
    </message>
    <message>
        <source>Invoice %1 saved to %2.</source>
        <translation>Factura %1 guardada en %2.</translation>
    </message>
</context>
<context>
    <name>boxoffice::app::MainWindow</name>
    <message>
        <source>Event</source>
        <translation>Evento</translation>
    </message>
    <message>
        <source>Box Office</source>
        <translation>Taquilla</translation>
    </message>
    <message>
        <source>&amp;Sale</source>
        <translation>&amp;Venta</translation>
    </message>
    <message>
        <source>&amp;Find event…</source>
        <translation>&amp;Buscar evento…</translation>
    </message>
    <message>
        <source>Hold &amp;best available</source>
        <translation>Retener &amp;mejores disponibles</translation>
    </message>
    <message>
        <source>Hold &amp;standing places</source>
        <translation>Retener plazas de &amp;pie</translation>
    </message>
    <message>
        <source>&amp;Clear basket</source>
        <translation>&amp;Vaciar cesta</translation>
    </message>
    <message>
        <source>Check&amp;out…</source>
        <translation>C&amp;obrar…</translation>
    </message>
    <message>
        <source>&amp;Orders</source>
        <translation>&amp;Pedidos</translation>
    </message>
    <message>
        <source>&amp;Find order / refund / reissue…</source>
        <translation>&amp;Buscar pedido / devolver / reemitir…</translation>
    </message>
    <message>
        <source>S&amp;hift and cash drawer…</source>
        <translation>&amp;Turno y caja…</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>&amp;Ver</translation>
    </message>
    <message>
        <source>Zoom &amp;in</source>
        <translation>&amp;Acercar</translation>
    </message>
    <message>
        <source>Zoom &amp;out</source>
        <translation>A&amp;lejar</translation>
    </message>
    <message>
        <source>&amp;Fit venue</source>
        <translation>&amp;Ajustar recinto</translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <translation>&amp;Idioma</translation>
    </message>
    <message>
        <source>S&amp;ession</source>
        <translation>&amp;Sesión</translation>
    </message>
    <message>
        <source>Sign &amp;out</source>
        <translation>&amp;Cerrar sesión</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>&amp;Salir</translation>
    </message>
    <message>
        <source>Not signed in</source>
        <translation>Sin sesión</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>No shift open (F4)</source>
        <translation>Ningún turno abierto (F4)</translation>
    </message>
    <message>
        <source>Shift open</source>
        <translation>Turno abierto</translation>
    </message>
    <message>
        <source>Wrong user name or password.</source>
        <translation>Usuario o contraseña incorrectos.</translation>
    </message>
    <message>
        <source>The server cannot be reached: %1</source>
        <translation>No se puede conectar con el servidor: %1</translation>
    </message>
    <message>
        <source>This account may not sell at the box office.</source>
        <translation>Esta cuenta no puede vender en taquilla.</translation>
    </message>
    <message>
        <source>Opening the event…</source>
        <translation>Abriendo el evento…</translation>
    </message>
    <message>
        <source>Standing: %1</source>
        <translation>De pie: %1</translation>
    </message>
    <message>
        <source>Printing failed: %1</source>
        <translation>Error al imprimir: %1</translation>
    </message>
    <message>
        <source>Tickets saved to %1</source>
        <translation>Entradas guardadas en %1</translation>
    </message>
    <message>
        <source>Printing failed.</source>
        <translation>Error al imprimir.</translation>
    </message>
    <message>
        <source>Sales interrupted last time</source>
        <translation>Ventas interrumpidas la última vez</translation>
    </message>
    <message>
        <source>Quit</source>
        <translation>Salir</translation>
    </message>
    <message>
        <source>The basket still holds seats. Release them and quit?</source>
        <translation>La cesta aún retiene butacas. ¿Liberarlas y salir?</translation>
    </message>
    <message>
        <source>&amp;Will-call: pick up, print, exchange…</source>
        <translation>&amp;Recogida: recoger, imprimir, cambiar…</translation>
    </message>
    <message>
        <source>&amp;Printers and drawer…</source>
        <translation>&amp;Impresoras y caja…</translation>
    </message>
    <message>
        <source>Drawer locked by another clerk</source>
        <translation>Caja bloqueada por otro taquillero</translation>
    </message>
    <message>
        <source>Drawer locked</source>
        <translation>Caja bloqueada</translation>
    </message>
    <message>
        <source>&amp;Manage</source>
        <translation>&amp;Gestión</translation>
    </message>
    <message>
        <source>&amp;Back office: events…</source>
        <translation>&amp;Administración: eventos…</translation>
    </message>
</context>
<context>
    <name>boxoffice::app::ManageWords</name>
    <message>
        <source>Not on sale yet</source>
        <translation>Aún no está a la venta</translation>
    </message>
    <message>
        <source>On sale</source>
        <translation>A la venta</translation>
    </message>
    <message>
        <source>Sale paused</source>
        <translation>Venta en pausa</translation>
    </message>
    <message>
        <source>Sale closed</source>
        <translation>Venta cerrada</translation>
    </message>
    <message>
        <source>Cancelled</source>
        <translation>Cancelado</translation>
    </message>
    <message>
        <source>Unknown</source>
        <translation>Desconocido</translation>
    </message>
    <message>
        <source>Sold out</source>
        <translation>Agotado</translation>
    </message>
    <message>
        <source>Few left</source>
        <translation>Quedan pocas</translation>
    </message>
    <message>
        <source>Available</source>
        <translation>Disponible</translation>
    </message>
    <message>
        <source>The server cannot be reached. Check the network and try again.</source>
        <translation>No se puede conectar con el servidor. Compruebe la red y vuelva a intentarlo.</translation>
    </message>
    <message>
        <source>Your session has ended. Sign in again.</source>
        <translation>Su sesión ha terminado. Vuelva a iniciar sesión.</translation>
    </message>
    <message>
        <source>Your account may not change events. Ask a manager.</source>
        <translation>Su cuenta no puede modificar eventos. Pídaselo a un responsable.</translation>
    </message>
    <message>
        <source>This event or venue no longer exists.</source>
        <translation>Este evento o recinto ya no existe.</translation>
    </message>
    <message>
        <source>Someone else changed this event meanwhile.</source>
        <translation>Otra persona ha modificado este evento mientras tanto.</translation>
    </message>
    <message>
        <source>This event is cancelled: it takes no more changes.</source>
        <translation>Este evento está cancelado: ya no admite cambios.</translation>
    </message>
    <message>
        <source>Seats of this event were already held or sold, so it must stay in its venue.</source>
        <translation>Ya se han reservado o vendido localidades de este evento, así que debe seguir en su recinto.</translation>
    </message>
    <message>
        <source>A price category that seats or standing areas use cannot be removed.</source>
        <translation>No se puede quitar una categoría de precio que usan butacas o zonas de pie.</translation>
    </message>
    <message>
        <source>An order was partly paid in cash at the counter: open a shift (Orders &gt; Shift) and cancel again.</source>
        <translation>Un pedido se pagó en parte en efectivo en taquilla: abra un turno (Pedidos &gt; Turno) y vuelva a cancelar.</translation>
    </message>
    <message>
        <source>The server had a problem. Try again in a moment.</source>
        <translation>El servidor ha tenido un problema. Vuelva a intentarlo en un momento.</translation>
    </message>
    <message>
        <source>The server did not accept this. Check the values and try again.</source>
        <translation>El servidor no lo ha aceptado. Revise los valores y vuelva a intentarlo.</translation>
    </message>
    <message>
        <source>Enter a title.</source>
        <translation>Escriba un título.</translation>
    </message>
    <message>
        <source>Choose a venue. An event keeps its venue once created.</source>
        <translation>Elija un recinto. Un evento conserva su recinto una vez creado.</translation>
    </message>
    <message>
        <source>The start must be in the future.</source>
        <translation>El inicio debe ser en el futuro.</translation>
    </message>
    <message>
        <source>The sale must open before the event starts.</source>
        <translation>La venta debe abrirse antes de que empiece el evento.</translation>
    </message>
    <message>
        <source>The sale must close after it opens, and at the latest a day after the start.</source>
        <translation>La venta debe cerrarse después de abrirse y, como muy tarde, un día después del inicio.</translation>
    </message>
    <message>
        <source>Doors open on the day of the event, not after it starts.</source>
        <translation>Las puertas abren el día del evento, no después de que empiece.</translation>
    </message>
    <message>
        <source>A price category that seats use cannot be removed.</source>
        <translation>No se puede quitar una categoría de precio que usan butacas.</translation>
    </message>
    <message>
        <source>Each price category needs a name, a colour such as #cc0000 and a price of 0 or more.</source>
        <translation>Cada categoría de precio necesita un nombre, un color como #cc0000 y un precio de 0 o más.</translation>
    </message>
    <message>
        <source>Seats per buyer: from 1 to 1000.</source>
        <translation>Localidades por comprador: de 1 a 1000.</translation>
    </message>
    <message>
        <source>Baskets per buyer: from 1 to 100.</source>
        <translation>Cestas por comprador: de 1 a 100.</translation>
    </message>
    <message>
        <source>Hold time: from 1 second to a day.</source>
        <translation>Tiempo de reserva: de 1 segundo a un día.</translation>
    </message>
    <message>
        <source>The waiting room needs admissions per minute and an active cap of 1 or more.</source>
        <translation>La sala de espera necesita admisiones por minuto y un límite de activos de 1 o más.</translation>
    </message>
    <message>
        <source>Artists: names separated by commas, at most 200 characters each.</source>
        <translation>Artistas: nombres separados por comas, de 200 caracteres como máximo cada uno.</translation>
    </message>
    <message>
        <source>The currency is a three-letter code such as EUR.</source>
        <translation>La moneda es un código de tres letras como EUR.</translation>
    </message>
    <message>
        <source>This value is not accepted.</source>
        <translation>Este valor no se acepta.</translation>
    </message>
</context>
<context>
    <name>boxoffice::app::ManageWorkspace</name>
    <message>
        <source>Back office</source>
        <translation>Administración</translation>
    </message>
    <message>
        <source>Back to selling: F2</source>
        <translation>Volver a vender: F2</translation>
    </message>
    <message>
        <source>Events</source>
        <translation>Eventos</translation>
    </message>
    <message>
        <source>Back office sections</source>
        <translation>Secciones de la administración</translation>
    </message>
    <message>
        <source>Staff</source>
        <translation>Personal</translation>
    </message>
    <message>
        <source>Audit trail</source>
        <translation>Registro de cambios</translation>
    </message>
    <message>
        <source>Seats held back</source>
        <translation>Butacas apartadas</translation>
    </message>
    <message>
        <source>Dashboard</source>
        <translation>Panel de ventas</translation>
    </message>
    <message>
        <source>Prices on the map</source>
        <translation>Precios en el plano</translation>
    </message>
    <message>
        <source>Ticket types and codes</source>
        <translation>Tipos de entrada y códigos</translation>
    </message>
    <message>
        <source>Reports</source>
        <translation>Informes</translation>
    </message>
</context>
<context>
    <name>boxoffice::app::MapOverlay</name>
    <message>
        <source>%1: sold out</source>
        <translation>%1: agotado</translation>
    </message>
    <message>
        <source>%1: %2 of %3 left</source>
        <translation>%1: quedan %2 de %3</translation>
    </message>
</context>
<context>
    <name>boxoffice::app::NewStaffDialog</name>
    <message>
        <source>New staff account</source>
        <translation>Nueva cuenta de personal</translation>
    </message>
    <message>
        <source>User name</source>
        <translation>Nombre de usuario</translation>
    </message>
    <message>
        <source>e.g. ana.lopez</source>
        <translation>p. ej. ana.lopez</translation>
    </message>
    <message>
        <source>Role</source>
        <translation>Rol</translation>
    </message>
    <message>
        <source>Clerks sell at the counter, door staff scan tickets, managers also run this back office. Give the person their password now: it is not shown again once the account exists.</source>
        <translation>Los taquilleros venden en la taquilla, el personal de puerta escanea entradas y los gerentes además llevan esta administración. Dé ahora la contraseña a la persona: no se vuelve a mostrar una vez creada la cuenta.</translation>
    </message>
    <message>
        <source>&amp;User name:</source>
        <translation>Nombre de &amp;usuario:</translation>
    </message>
    <message>
        <source>&amp;Role:</source>
        <translation>&amp;Rol:</translation>
    </message>
    <message>
        <source>&amp;Create account (Enter)</source>
        <translation>&amp;Crear la cuenta (Intro)</translation>
    </message>
</context>
<context>
    <name>boxoffice::app::OpenShiftPanel</name>
    <message>
        <source>&amp;Open the shift and go on</source>
        <translation>&amp;Abrir el turno y seguir</translation>
    </message>
    <message>
        <source>No shift is open at this counter. Count the float in the drawer and open the shift here; this sale goes on after.</source>
        <translation>No hay ningún turno abierto en este puesto. Cuente el fondo de la caja y abra el turno aquí; esta venta sigue después.</translation>
    </message>
    <message>
        <source>&amp;Float:</source>
        <translation>&amp;Fondo:</translation>
    </message>
</context>
<context>
    <name>boxoffice::app::OrderLookupDialog</name>
    <message>
        <source>&amp;Refund… (F9)</source>
        <translation>&amp;Devolver… (F9)</translation>
    </message>
    <message>
        <source>Re&amp;issue ticket (F10)</source>
        <translation>Re&amp;emitir entrada (F10)</translation>
    </message>
    <message>
        <source>Find order</source>
        <translation>Buscar pedido</translation>
    </message>
    <message>
        <source>Order number, or scan a ticket code, then Enter</source>
        <translation>Número de pedido, o escanee un código de entrada, y pulse Intro</translation>
    </message>
    <message>
        <source>Ticket</source>
        <translation>Entrada</translation>
    </message>
    <message>
        <source>Seat</source>
        <translation>Butaca</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Estado</translation>
    </message>
    <message>
        <source>Refund the whole order or some of its tickets (F9)</source>
        <translation>Devolver el pedido entero o algunas de sus entradas (F9)</translation>
    </message>
    <message>
        <source>Print the selected ticket again with a new code; the old one stops working (F10)</source>
        <translation>Imprimir de nuevo la entrada seleccionada con un código nuevo; el antiguo deja de valer (F10)</translation>
    </message>
    <message>
        <source>Close (Esc)</source>
        <translation>Cerrar (Esc)</translation>
    </message>
    <message>
        <source>Looking up…</source>
        <translation>Buscando…</translation>
    </message>
    <message>
        <source>Unknown ticket code.</source>
        <translation>Código de entrada desconocido.</translation>
    </message>
    <message>
        <source>No such order.</source>
        <translation>No existe ese pedido.</translation>
    </message>
    <message>
        <source>Your role may not do this.</source>
        <translation>Su rol no permite hacer esto.</translation>
    </message>
    <message>
        <source>The server cannot be reached.</source>
        <translation>No se puede conectar con el servidor.</translation>
    </message>
    <message>
        <source>Order &lt;b&gt;%1&lt;/b&gt; — %2 — %3</source>
        <translation>Pedido &lt;b&gt;%1&lt;/b&gt; — %2 — %3</translation>
    </message>
    <message>
        <source>Found.</source>
        <translation>Encontrado.</translation>
    </message>
    <message>
        <source>Select the ticket to reissue.</source>
        <translation>Seleccione la entrada que quiere reemitir.</translation>
    </message>
    <message>
        <source>New ticket issued; the old code no longer works. Printing.</source>
        <translation>Nueva entrada emitida; el código antiguo ya no vale. Imprimiendo.</translation>
    </message>
    <message>
        <source>Some of these tickets were refunded or reissued already. Look the order up again.</source>
        <translation>Algunas de estas entradas ya se devolvieron o reemitieron. Vuelva a buscar el pedido.</translation>
    </message>
    <message>
        <source>Open a shift (F4) before paying cash back.</source>
        <translation>Abra un turno (F4) antes de devolver efectivo.</translation>
    </message>
    <message>
        <source> — refunded %1</source>
        <translation> — devuelto %1</translation>
    </message>
    <message>
        <source>Refunding…</source>
        <translation>Devolviendo…</translation>
    </message>
    <message>
        <source>Refunded %1. Give it back to the customer.</source>
        <translation>Devuelto %1. Entrégueselo al cliente.</translation>
    </message>
    <message>
        <source>Standing: %1</source>
        <translation>De pie: %1</translation>
    </message>
    <message>
        <source>The server&apos;s answer could not be read (%1).</source>
        <translation>No se ha podido leer la respuesta del servidor (%1).</translation>
    </message>
</context>
<context>
    <name>boxoffice::app::PasswordFields</name>
    <message>
        <source>S&amp;how what I type</source>
        <translation>&amp;Mostrar lo que escribo</translation>
    </message>
    <message>
        <source>New password</source>
        <translation>Contraseña nueva</translation>
    </message>
    <message>
        <source>10 characters or more, not a common one</source>
        <translation>10 caracteres o más, que no sea común</translation>
    </message>
    <message>
        <source>New password again</source>
        <translation>Contraseña nueva otra vez</translation>
    </message>
    <message>
        <source>&amp;Password:</source>
        <translation>&amp;Contraseña:</translation>
    </message>
    <message>
        <source>&amp;Again:</source>
        <translation>&amp;Repetir:</translation>
    </message>
    <message>
        <source>The two passwords differ. Type the same one twice.</source>
        <translation>Las dos contraseñas no coinciden. Escriba la misma dos veces.</translation>
    </message>
</context>
<context>
    <name>boxoffice::app::PriceMapPage</name>
    <message>
        <source>Prices on the map</source>
        <translation>Precios en el plano</translation>
    </message>
    <message>
        <source>Seat map coloured by price category: click or Ctrl-click a seat to select it, Shift-click for its row, drag for an area</source>
        <translation>Plano coloreado por categoría de precio: haga clic o Ctrl+clic en una butaca para seleccionarla, Mayús+clic para su fila, arrastre para un área</translation>
    </message>
    <message>
        <source>Price categories</source>
        <translation>Categorías de precio</translation>
    </message>
    <message>
        <source>Price &amp;category for the selected seats:</source>
        <translation>&amp;Categoría de precio para las butacas seleccionadas:</translation>
    </message>
    <message>
        <source>Price category</source>
        <translation>Categoría de precio</translation>
    </message>
    <message>
        <source>Assign</source>
        <translation>Asignar</translation>
    </message>
    <message>
        <source>Give the selected seats the chosen price category</source>
        <translation>Dar a las butacas seleccionadas la categoría de precio elegida</translation>
    </message>
    <message>
        <source>Sold seats move too, but keep the price they were sold at. The new price is for sales to come.</source>
        <translation>Las butacas vendidas también cambian, pero conservan el precio al que se vendieron. El precio nuevo es para las ventas futuras.</translation>
    </message>
    <message>
        <source>Keys 1 to 9 assign the legend&apos;s categories in order; Esc clears the selection.</source>
        <translation>Las teclas 1 a 9 asignan las categorías de la leyenda por orden; Esc vacía la selección.</translation>
    </message>
    <message>
        <source>Clear (Esc)</source>
        <translation>Deseleccionar (Esc)</translation>
    </message>
    <message>
        <source>Clear the selection</source>
        <translation>Vaciar la selección</translation>
    </message>
    <message>
        <source>Message</source>
        <translation>Mensaje</translation>
    </message>
    <message>
        <source>There is no event to price. Create one in the Events tab.</source>
        <translation>No hay ningún evento al que poner precios. Cree uno en la pestaña Eventos.</translation>
    </message>
    <message>
        <source>Loading the map…</source>
        <translation>Cargando el plano…</translation>
    </message>
    <message>
        <source>The map could not be loaded. %1</source>
        <translation>No se pudo cargar el plano. %1</translation>
    </message>
    <message>
        <source>%1 %2: %3, %4 seats</source>
        <translation>%1 %2: %3, %4 butacas</translation>
    </message>
    <message>
        <source>No seat selected. Click seats, Shift-click a row, drag over an area or select a whole section.</source>
        <translation>Ninguna butaca seleccionada. Haga clic en butacas, Mayús+clic en una fila, arrastre sobre un área o seleccione un sector entero.</translation>
    </message>
    <message>
        <source>1 seat selected.</source>
        <translation>1 butaca seleccionada.</translation>
    </message>
    <message>
        <source>%1 seats selected.</source>
        <translation>%1 butacas seleccionadas.</translation>
    </message>
    <message>
        <source>Their categories now: %1.</source>
        <translation>Sus categorías ahora: %1.</translation>
    </message>
    <message>
        <source>%1 seats now cost the price of “%2”.</source>
        <translation>%1 butacas cuestan ahora el precio de «%2».</translation>
    </message>
    <message>
        <source>The selected seats were already in “%1”: nothing changed.</source>
        <translation>Las butacas seleccionadas ya estaban en «%1»: no ha cambiado nada.</translation>
    </message>
    <message>
        <source>%1 of the %2 selected seats moved to “%3” (the others were in it already).</source>
        <translation>%1 de las %2 butacas seleccionadas han pasado a «%3» (las demás ya estaban en ella).</translation>
    </message>
    <message>
        <source>Nothing was changed: someone else changed this event meanwhile. The map now shows the event as it is; check the selection and assign again.</source>
        <translation>No se ha cambiado nada: otra persona ha cambiado este evento mientras tanto. El plano muestra ahora el evento tal como está; revise la selección y vuelva a asignar.</translation>
    </message>
    <message>
        <source>Nothing was changed: the hall has no such seats any more: %1.</source>
        <translation>No se ha cambiado nada: la sala ya no tiene estas butacas: %1.</translation>
    </message>
    <message>
        <source>Nothing was changed: the event has no price for “%1” any more.</source>
        <translation>No se ha cambiado nada: el evento ya no tiene precio para «%1».</translation>
    </message>
    <message>
        <source>Nothing was changed. %1</source>
        <translation>No se ha cambiado nada. %1</translation>
    </message>
    <message>
        <source>%1, row %2, seat %3: %4</source>
        <translation>%1, fila %2, butaca %3: %4</translation>
    </message>
    <message>
        <source>no price</source>
        <translation>sin precio</translation>
    </message>
    <message>
        <source>The seat now costs the price of “%1”.</source>
        <translation>La butaca cuesta ahora el precio de «%1».</translation>
    </message>
</context>
<context>
    <name>boxoffice::app::PriceTable</name>
    <message>
        <source>Category</source>
        <translation>Categoría</translation>
    </message>
    <message>
        <source>Colour</source>
        <translation>Color</translation>
    </message>
    <message>
        <source>Price</source>
        <translation>Precio</translation>
    </message>
    <message>
        <source>Price categories</source>
        <translation>Categorías de precio</translation>
    </message>
    <message>
        <source>Type to change a category&apos;s name, colour (#rrggbb) or price. A new price applies to sales from now on; tickets sold keep theirs.</source>
        <translation>Escriba para cambiar el nombre, el color (#rrggbb) o el precio de una categoría. Un precio nuevo vale para las ventas desde ahora; las entradas vendidas conservan el suyo.</translation>
    </message>
</context>
<context>
    <name>boxoffice::app::RawPrinter</name>
    <message>
        <source>The printer did not answer in time.</source>
        <translation>La impresora no respondió a tiempo.</translation>
    </message>
    <message>
        <source>Cannot open the printer %1: %2</source>
        <translation>No se puede abrir la impresora %1: %2</translation>
    </message>
    <message>
        <source>Writing to the printer %1 failed.</source>
        <translation>Falló la escritura en la impresora %1.</translation>
    </message>
    <message>
        <source>No printer address is set (Session → Printers and drawer).</source>
        <translation>No hay dirección de impresora (Sesión → Impresoras y caja).</translation>
    </message>
</context>
<context>
    <name>boxoffice::app::ReconcileView</name>
    <message>
        <source>Checks that the event&apos;s tickets, seats, orders, payments and transaction log agree, to the cent. Safe while sales go on.</source>
        <translation>Comprueba que las entradas, las butacas, los pedidos, los pagos y el registro de transacciones del evento cuadran, al céntimo. Se puede hacer mientras se vende.</translation>
    </message>
    <message>
        <source>&amp;Check the books</source>
        <translation>&amp;Comprobar las cuentas</translation>
    </message>
    <message>
        <source>Check the books</source>
        <translation>Comprobar las cuentas</translation>
    </message>
    <message>
        <source>Differences found</source>
        <translation>Diferencias encontradas</translation>
    </message>
    <message>
        <source>Checking…</source>
        <translation>Comprobando…</translation>
    </message>
    <message>
        <source>Choose an event first.</source>
        <translation>Elija primero un evento.</translation>
    </message>
    <message>
        <source>Not checked yet.</source>
        <translation>Aún sin comprobar.</translation>
    </message>
    <message>
        <source>%1 orders and %2 tickets</source>
        <translation>%1 pedidos y %2 entradas</translation>
    </message>
    <message>
        <source>Everything agrees: %1 checks over %2.</source>
        <translation>Todo cuadra: %1 comprobaciones sobre %2.</translation>
    </message>
    <message>
        <source>1 difference found over %1:</source>
        <translation>1 diferencia encontrada entre %1:</translation>
    </message>
    <message>
        <source>%1 differences found over %2:</source>
        <translation>%1 diferencias encontradas entre %2:</translation>
    </message>
    <message>
        <source>%1 — %2: %3</source>
        <translation>%1 — %2: %3</translation>
    </message>
</context>
<context>
    <name>boxoffice::app::RefundDialog</name>
    <message>
        <source>Refund</source>
        <translation>Devolución</translation>
    </message>
    <message>
        <source>Tick the tickets to refund:</source>
        <translation>Marque las entradas que quiere devolver:</translation>
    </message>
    <message>
        <source>%1 — %2</source>
        <translation>%1 — %2</translation>
    </message>
    <message>
        <source>Amount to give back</source>
        <translation>Importe a devolver</translation>
    </message>
    <message>
        <source>Refund the whole order (Enter)</source>
        <translation>Devolver el pedido entero (Intro)</translation>
    </message>
    <message numerus="yes">
        <source>Refund %n ticket(s) (Enter)</source>
        <translation>
            <numerusform>Devolver %n entrada (Intro)</numerusform>
            <numerusform>Devolver %n entradas (Intro)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>boxoffice::app::ReportWords</name>
    <message>
        <source>Sales</source>
        <translation>Ventas</translation>
    </message>
    <message>
        <source>Comps</source>
        <translation>Invitaciones</translation>
    </message>
    <message>
        <source>Exchange differences</source>
        <translation>Diferencias de cambios</translation>
    </message>
    <message>
        <source>Refunds</source>
        <translation>Devoluciones</translation>
    </message>
    <message>
        <source>Fees</source>
        <translation>Gastos</translation>
    </message>
    <message>
        <source>Payments captured</source>
        <translation>Pagos cobrados</translation>
    </message>
    <message>
        <source>Payments sent back</source>
        <translation>Pagos devueltos al comprador</translation>
    </message>
    <message>
        <source>Refunds paid out</source>
        <translation>Devoluciones pagadas</translation>
    </message>
    <message>
        <source>Tickets issued</source>
        <translation>Entradas emitidas</translation>
    </message>
    <message>
        <source>Tickets voided</source>
        <translation>Entradas anuladas</translation>
    </message>
    <message>
        <source>Online</source>
        <translation>En línea</translation>
    </message>
    <message>
        <source>Box office</source>
        <translation>Taquilla</translation>
    </message>
    <message>
        <source>None</source>
        <translation>Ninguno</translation>
    </message>
    <message>
        <source>Card</source>
        <translation>Tarjeta</translation>
    </message>
    <message>
        <source>Cash</source>
        <translation>Efectivo</translation>
    </message>
    <message>
        <source>Card at the counter</source>
        <translation>Tarjeta en taquilla</translation>
    </message>
    <message>
        <source>Comp</source>
        <translation>Invitación</translation>
    </message>
    <message>
        <source>A valid ticket&apos;s seat is not marked sold</source>
        <translation>La butaca de una entrada válida no figura como vendida</translation>
    </message>
    <message>
        <source>A seat is marked sold but has no valid ticket</source>
        <translation>Una butaca figura como vendida pero no tiene entrada válida</translation>
    </message>
    <message>
        <source>A standing area&apos;s sold count differs from its valid tickets</source>
        <translation>Las vendidas de una zona de pie no coinciden con sus entradas válidas</translation>
    </message>
    <message>
        <source>A valid ticket belongs to an order that is not paid</source>
        <translation>Una entrada válida pertenece a un pedido sin pagar</translation>
    </message>
    <message>
        <source>An order&apos;s payments differ from its amount</source>
        <translation>Los pagos de un pedido no coinciden con su importe</translation>
    </message>
    <message>
        <source>The transaction log&apos;s sales differ from the order</source>
        <translation>Las ventas del registro de transacciones no coinciden con el pedido</translation>
    </message>
    <message>
        <source>The transaction log&apos;s refunds differ from the order&apos;s</source>
        <translation>Los reembolsos del registro de transacciones no coinciden con los del pedido</translation>
    </message>
    <message>
        <source>The transaction log&apos;s captures differ from the payments that succeeded</source>
        <translation>Los cobros del registro de transacciones no coinciden con los pagos realizados</translation>
    </message>
    <message>
        <source>The transaction log&apos;s payments sent back differ from those made</source>
        <translation>Los pagos devueltos del registro de transacciones no coinciden con los hechos</translation>
    </message>
    <message>
        <source>The transaction log&apos;s issued and voided tickets differ from the tickets</source>
        <translation>Las entradas emitidas y anuladas del registro de transacciones no coinciden con las entradas</translation>
    </message>
    <message>
        <source>Money owed back to a buyer has not been paid back yet</source>
        <translation>Aún no se ha devuelto dinero que se debe a un comprador</translation>
    </message>
    <message>
        <source>Cancelled: nothing was saved.</source>
        <translation>Cancelado: no se guardó nada.</translation>
    </message>
    <message>
        <source>Your session has ended. Sign in again; nothing was saved.</source>
        <translation>Su sesión ha terminado. Vuelva a iniciar sesión; no se guardó nada.</translation>
    </message>
    <message>
        <source>Your account may not read the reports. Ask a manager; nothing was saved.</source>
        <translation>Su cuenta no puede leer los informes. Pregunte a un responsable; no se guardó nada.</translation>
    </message>
    <message>
        <source>This event no longer exists; nothing was saved.</source>
        <translation>Este evento ya no existe; no se guardó nada.</translation>
    </message>
    <message>
        <source>The server is busy with other exports. Try again in a minute; nothing was saved.</source>
        <translation>El servidor está ocupado con otras exportaciones. Vuelva a intentarlo en un minuto; no se guardó nada.</translation>
    </message>
    <message>
        <source>The server refused the file (%1); nothing was saved.</source>
        <translation>El servidor rechazó el archivo (%1); no se guardó nada.</translation>
    </message>
    <message>
        <source>The server cannot be reached. Check the network and try again; nothing was saved.</source>
        <translation>No se puede contactar con el servidor. Compruebe la red y vuelva a intentarlo; no se guardó nada.</translation>
    </message>
    <message>
        <source>The download stopped part way (%1). The incomplete file was removed; try again.</source>
        <translation>La descarga se cortó a medias (%1). Se eliminó el archivo incompleto; vuelva a intentarlo.</translation>
    </message>
    <message>
        <source>The file cannot be written there (%1). Choose another folder.</source>
        <translation>No se puede escribir el archivo ahí (%1). Elija otra carpeta.</translation>
    </message>
</context>
<context>
    <name>boxoffice::app::ReportsPage</name>
    <message>
        <source>Reports</source>
        <translation>Informes</translation>
    </message>
    <message>
        <source>Even&amp;t:</source>
        <translation>Even&amp;to:</translation>
    </message>
    <message>
        <source>One &amp;day:</source>
        <translation>Un &amp;día:</translation>
    </message>
    <message>
        <source>Unticked: the whole run. Days are the venue&apos;s, in its time zone.</source>
        <translation>Sin marcar: todas las funciones. Los días son los del recinto, en su zona horaria.</translation>
    </message>
    <message>
        <source>Only one day at the venue</source>
        <translation>Solo un día en el recinto</translation>
    </message>
    <message>
        <source>Day at the venue</source>
        <translation>Día en el recinto</translation>
    </message>
    <message>
        <source>C&amp;hannel:</source>
        <translation>Ca&amp;nal:</translation>
    </message>
    <message>
        <source>Cler&amp;k:</source>
        <translation>Taquil&amp;lero:</translation>
    </message>
    <message>
        <source>every clerk</source>
        <translation>todos los taquilleros</translation>
    </message>
    <message>
        <source>Clerk&apos;s user name</source>
        <translation>Usuario del taquillero</translation>
    </message>
    <message>
        <source>Sho&amp;w (Ctrl+R)</source>
        <translation>M&amp;ostrar (Ctrl+R)</translation>
    </message>
    <message>
        <source>Show the figures</source>
        <translation>Mostrar las cifras</translation>
    </message>
    <message>
        <source>Every channel</source>
        <translation>Todos los canales</translation>
    </message>
    <message>
        <source>F&amp;igures</source>
        <translation>Ci&amp;fras</translation>
    </message>
    <message>
        <source>Settleme&amp;nt</source>
        <translation>Li&amp;quidación</translation>
    </message>
    <message>
        <source>E&amp;xports</source>
        <translation>E&amp;xportaciones</translation>
    </message>
    <message>
        <source>Check the &amp;books</source>
        <translation>Comprobar las c&amp;uentas</translation>
    </message>
    <message>
        <source>Parts of the report</source>
        <translation>Partes del informe</translation>
    </message>
    <message>
        <source>%1 — %2</source>
        <translation>%1 — %2</translation>
    </message>
    <message>
        <source> (cancelled)</source>
        <translation> (cancelado)</translation>
    </message>
    <message>
        <source>No events yet: reports appear once an event exists.</source>
        <translation>Aún no hay eventos: los informes aparecen cuando existe un evento.</translation>
    </message>
    <message>
        <source>Loading the events…</source>
        <translation>Cargando los eventos…</translation>
    </message>
    <message>
        <source>Loading the figures…</source>
        <translation>Cargando las cifras…</translation>
    </message>
    <message>
        <source>The whole run.</source>
        <translation>Todas las funciones.</translation>
    </message>
    <message>
        <source>%1 at the venue (%2, %3 hours).</source>
        <translation>%1 en el recinto (%2, %3 horas).</translation>
    </message>
    <message>
        <source>Channel: %1.</source>
        <translation>Canal: %1.</translation>
    </message>
    <message>
        <source>Clerk: %1.</source>
        <translation>Taquillero: %1.</translation>
    </message>
    <message>
        <source>Nothing was sold, refunded or given away in this period.</source>
        <translation>En este periodo no se vendió, devolvió ni regaló nada.</translation>
    </message>
</context>
<context>
    <name>boxoffice::app::ResetPasswordDialog</name>
    <message>
        <source>Reset the password of %1</source>
        <translation>Restablecer la contraseña de %1</translation>
    </message>
    <message>
        <source>The old password of “%1” stops working at once. Give them the new one now: it is not shown again.</source>
        <translation>La contraseña anterior de «%1» deja de funcionar al instante. Dele ahora la nueva: no se vuelve a mostrar.</translation>
    </message>
    <message>
        <source>&amp;Set the password (Enter)</source>
        <translation>&amp;Guardar la contraseña (Intro)</translation>
    </message>
</context>
<context>
    <name>boxoffice::app::SalePage</name>
    <message>
        <source>Best available:</source>
        <translation>Mejor disponible:</translation>
    </message>
    <message>
        <source>Hold best (F6)</source>
        <translation>Retener mejores (F6)</translation>
    </message>
    <message>
        <source>Hold the best seats together in the chosen section (F6)</source>
        <translation>Retener las mejores butacas juntas en la sección elegida (F6)</translation>
    </message>
    <message>
        <source>Standing:</source>
        <translation>De pie:</translation>
    </message>
    <message>
        <source>Hold standing (F7)</source>
        <translation>Retener de pie (F7)</translation>
    </message>
    <message>
        <source>Hold this many standing places (F7)</source>
        <translation>Retener este número de plazas de pie (F7)</translation>
    </message>
    <message>
        <source>Fit (0)</source>
        <translation>Ajustar (0)</translation>
    </message>
    <message>
        <source>Show the whole venue (0); zoom with the wheel or + and -</source>
        <translation>Mostrar todo el recinto (0); zoom con la rueda o + y -</translation>
    </message>
    <message>
        <source>Loading…</source>
        <translation>Cargando…</translation>
    </message>
    <message>
        <source>The event could not be opened: %1</source>
        <translation>No se pudo abrir el evento: %1</translation>
    </message>
    <message>
        <source>The venue could not be loaded: %1</source>
        <translation>No se pudo cargar el recinto: %1</translation>
    </message>
    <message>
        <source>The venue plan is not valid.</source>
        <translation>El plano del recinto no es válido.</translation>
    </message>
    <message>
        <source>The seat map could not be loaded: %1</source>
        <translation>No se pudo cargar el plano de butacas: %1</translation>
    </message>
    <message>
        <source>● Live</source>
        <translation>● En directo</translation>
    </message>
    <message>
        <source>Connecting…</source>
        <translation>Conectando…</translation>
    </message>
    <message>
        <source>⚠ Reconnecting… seat map may be out of date</source>
        <translation>⚠ Reconectando… el plano puede no estar al día</translation>
    </message>
    <message>
        <source>Offline</source>
        <translation>Sin conexión</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; (standing)&lt;br&gt;%2 of %3 left&lt;br&gt;%4</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; (de pie)&lt;br&gt;quedan %2 de %3&lt;br&gt;%4</translation>
    </message>
    <message>
        <source>wheelchair space</source>
        <translation>espacio para silla de ruedas</translation>
    </message>
    <message>
        <source>companion seat</source>
        <translation>butaca de acompañante</translation>
    </message>
    <message>
        <source>restricted view</source>
        <translation>visibilidad reducida</translation>
    </message>
    <message>
        <source>aisle</source>
        <translation>pasillo</translation>
    </message>
    <message>
        <source>in this basket</source>
        <translation>en esta cesta</translation>
    </message>
    <message>
        <source>held elsewhere</source>
        <translation>retenida en otro lugar</translation>
    </message>
    <message>
        <source>sold</source>
        <translation>vendida</translation>
    </message>
    <message>
        <source>blocked</source>
        <translation>bloqueada</translation>
    </message>
    <message>
        <source>available</source>
        <translation>disponible</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;Row %2, seat %3&lt;br&gt;%4 — %5&lt;br&gt;%6</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;Fila %2, butaca %3&lt;br&gt;%4 — %5&lt;br&gt;%6</translation>
    </message>
    <message>
        <source>In basket</source>
        <translation>En la cesta</translation>
    </message>
    <message>
        <source>Held elsewhere</source>
        <translation>Retenida en otro lugar</translation>
    </message>
    <message>
        <source>Sold</source>
        <translation>Vendida</translation>
    </message>
    <message>
        <source>Blocked</source>
        <translation>Bloqueada</translation>
    </message>
    <message>
        <source>Wheelchair / companion</source>
        <translation>Silla de ruedas / acompañante</translation>
    </message>
    <message>
        <source>allocation %1: the counter may sell it</source>
        <translation>cupo %1: la taquilla puede venderla</translation>
    </message>
    <message>
        <source>Allocation the counter may sell: %1</source>
        <translation>Cupo que la taquilla puede vender: %1</translation>
    </message>
</context>
<context>
    <name>boxoffice::app::SaleRecorder</name>
    <message>
        <source>The local journal cannot be written; the sale was not started.</source>
        <translation>No se puede escribir el diario local; la venta no se inició.</translation>
    </message>
    <message>
        <source>No answer from the server. The sale stays in the journal and is checked when the server is back.</source>
        <translation>Sin respuesta del servidor. La venta queda en el diario y se comprobará cuando vuelva el servidor.</translation>
    </message>
    <message>
        <source>Sold, but the journal could not be updated.</source>
        <translation>Vendido, pero no se pudo actualizar el diario.</translation>
    </message>
    <message>
        <source>Not allowed for your role: %1</source>
        <translation>Su rol no lo permite: %1</translation>
    </message>
    <message>
        <source>Sale of %1 (%2): COMPLETED on the server, order %3.</source>
        <translation>Venta de %1 (%2): COMPLETADA en el servidor, pedido %3.</translation>
    </message>
    <message>
        <source>Sale of %1 (%2): NOT completed; no tickets were issued. Return any money taken.</source>
        <translation>Venta de %1 (%2): NO completada; no se emitieron entradas. Devuelva el dinero cobrado.</translation>
    </message>
    <message>
        <source>Sale of %1 (%2): server unreachable, will check again.</source>
        <translation>Venta de %1 (%2): servidor inaccesible, se comprobará de nuevo.</translation>
    </message>
</context>
<context>
    <name>boxoffice::app::SaleSession</name>
    <message>
        <source>%1 · Row %2 · Seat %3</source>
        <translation>%1 · Fila %2 · Butaca %3</translation>
    </message>
    <message>
        <source>Taken by someone else and removed from the basket: %1</source>
        <translation>Ocupada por otra persona y quitada de la cesta: %1</translation>
    </message>
    <message>
        <source>Not enough seats available together.</source>
        <translation>No hay suficientes butacas disponibles juntas.</translation>
    </message>
    <message>
        <source>The server cannot be reached: %1</source>
        <translation>No se puede conectar con el servidor: %1</translation>
    </message>
    <message>
        <source>The hold expired; the basket was emptied.</source>
        <translation>La retención caducó; se vació la cesta.</translation>
    </message>
    <message>
        <source>Not available: %1</source>
        <translation>No disponible: %1</translation>
    </message>
    <message>
        <source>Seats of an allocation are sold in a basket of their own: sell or clear this basket first (%1).</source>
        <translation>Las butacas de un cupo se venden en una cesta aparte: venda o vacíe antes esta cesta (%1).</translation>
    </message>
    <message>
        <source>This basket sells seats of the allocation %1 only: sell or clear it first (%2).</source>
        <translation>Esta cesta solo vende butacas del cupo %1: véndala o vacíela antes (%2).</translation>
    </message>
    <message>
        <source>The server&apos;s answer could not be read (%1).</source>
        <translation>No se ha podido leer la respuesta del servidor (%1).</translation>
    </message>
</context>
<context>
    <name>boxoffice::app::SettlementView</name>
    <message>
        <source>Saved to %1.</source>
        <translation>Guardado en %1.</translation>
    </message>
    <message>
        <source>Sales</source>
        <translation>Ventas</translation>
    </message>
    <message>
        <source>Exchange differences</source>
        <translation>Diferencias de cambios</translation>
    </message>
    <message>
        <source>Refunded</source>
        <translation>Devuelto</translation>
    </message>
    <message>
        <source>Gross box office</source>
        <translation>Taquilla bruta</translation>
    </message>
    <message>
        <source>Less taxes</source>
        <translation>Menos impuestos</translation>
    </message>
    <message>
        <source>Less fees</source>
        <translation>Menos gastos</translation>
    </message>
    <message>
        <source>Net</source>
        <translation>Neto</translation>
    </message>
    <message>
        <source>Venue&apos;s commission rate</source>
        <translation>Comisión del recinto</translation>
    </message>
    <message>
        <source>Less the venue&apos;s commission</source>
        <translation>Menos la comisión del recinto</translation>
    </message>
    <message>
        <source>Owed to the promoter</source>
        <translation>Se debe al promotor</translation>
    </message>
    <message>
        <source>Tickets sold</source>
        <translation>Entradas vendidas</translation>
    </message>
    <message>
        <source>Comp tickets</source>
        <translation>Invitaciones</translation>
    </message>
    <message>
        <source>Figures as of (venue time)</source>
        <translation>Cifras a fecha de (hora del recinto)</translation>
    </message>
    <message>
        <source>Save statement &amp;PDF…</source>
        <translation>Gu&amp;ardar el extracto PDF…</translation>
    </message>
    <message>
        <source>Save &amp;CSV…</source>
        <translation>Guardar &amp;CSV…</translation>
    </message>
    <message>
        <source>Save the settlement statement as PDF</source>
        <translation>Guardar el extracto de la liquidación en PDF</translation>
    </message>
    <message>
        <source>Save the settlement as CSV</source>
        <translation>Guardar la liquidación en CSV</translation>
    </message>
    <message>
        <source>Choose an event to see its settlement.</source>
        <translation>Elija un evento para ver su liquidación.</translation>
    </message>
    <message>
        <source>%1 at %2, %3: the whole run</source>
        <translation>%1 en %2, %3: todas las funciones</translation>
    </message>
    <message>
        <source>Save the settlement statement</source>
        <translation>Guardar el extracto de la liquidación</translation>
    </message>
    <message>
        <source>PDF documents (*.pdf)</source>
        <translation>Documentos PDF (*.pdf)</translation>
    </message>
    <message>
        <source>CSV files (*.csv)</source>
        <translation>Archivos CSV (*.csv)</translation>
    </message>
    <message>
        <source>Saving…</source>
        <translation>Guardando…</translation>
    </message>
</context>
<context>
    <name>boxoffice::app::ShiftDialog</name>
    <message>
        <source>&amp;Open shift with this float</source>
        <translation>&amp;Abrir turno con este fondo</translation>
    </message>
    <message>
        <source>&amp;X report</source>
        <translation>Informe &amp;X</translation>
    </message>
    <message>
        <source>&amp;Z report: close with this count</source>
        <translation>Informe &amp;Z: cerrar con este arqueo</translation>
    </message>
    <message>
        <source>&amp;Print report (Ctrl+P)</source>
        <translation>&amp;Imprimir informe (Ctrl+P)</translation>
    </message>
    <message>
        <source>Shift and cash drawer</source>
        <translation>Turno y caja</translation>
    </message>
    <message>
        <source>Amount (float or counted cash):</source>
        <translation>Importe (fondo o efectivo contado):</translation>
    </message>
    <message>
        <source>Shift %1 is open.</source>
        <translation>El turno %1 está abierto.</translation>
    </message>
    <message>
        <source>No shift is open: count the float and open one.</source>
        <translation>No hay turno abierto: cuente el fondo y abra uno.</translation>
    </message>
    <message>
        <source>Shift opened on the server.</source>
        <translation>Turno abierto en el servidor.</translation>
    </message>
    <message>
        <source>The server keeps no shifts; this shift is in the local journal.</source>
        <translation>El servidor no lleva turnos; este turno está en el diario local.</translation>
    </message>
    <message>
        <source>The shift could not be opened: %1</source>
        <translation>No se pudo abrir el turno: %1</translation>
    </message>
    <message>
        <source>X report</source>
        <translation>Informe X</translation>
    </message>
    <message>
        <source>X report (local journal)</source>
        <translation>Informe X (diario local)</translation>
    </message>
    <message>
        <source>Z report</source>
        <translation>Informe Z</translation>
    </message>
    <message>
        <source>The shift could not be closed: %1</source>
        <translation>No se pudo cerrar el turno: %1</translation>
    </message>
    <message>
        <source>Shift closed. Count the drawer away and print the Z report.</source>
        <translation>Turno cerrado. Retire la caja e imprima el informe Z.</translation>
    </message>
    <message>
        <source>You already had shift %1 open on the server: it was picked up. Its float was counted when it was opened.</source>
        <translation>Ya tenía el turno %1 abierto en el servidor: se ha retomado. Su fondo de caja se contó al abrirlo.</translation>
    </message>
    <message>
        <source>The drawer “%1” is locked: %2 has a shift open on it (since %3). Ask %2 to close it with a Z report, or use another drawer (Session → Printers and drawer).</source>
        <translation>La caja «%1» está bloqueada: %2 tiene un turno abierto en ella (desde las %3). Pida a %2 que la cierre con un informe Z, o use otra caja (Sesión → Impresoras y caja).</translation>
    </message>
    <message>
        <source>The server cannot be reached: %1</source>
        <translation>No se puede conectar con el servidor: %1</translation>
    </message>
</context>
<context>
    <name>boxoffice::app::ShiftReport</name>
    <message>
        <source>Sales</source>
        <translation>Ventas</translation>
    </message>
    <message>
        <source>Float</source>
        <translation>Fondo de caja</translation>
    </message>
    <message>
        <source>Cash sales</source>
        <translation>Ventas en efectivo</translation>
    </message>
    <message>
        <source>Card sales</source>
        <translation>Ventas con tarjeta</translation>
    </message>
    <message>
        <source>Complimentary tickets (orders)</source>
        <translation>Invitaciones (pedidos)</translation>
    </message>
    <message>
        <source>Cash refunds</source>
        <translation>Devoluciones en efectivo</translation>
    </message>
    <message>
        <source>Expected in drawer</source>
        <translation>Esperado en caja</translation>
    </message>
    <message>
        <source>Counted</source>
        <translation>Contado</translation>
    </message>
    <message>
        <source>Variance</source>
        <translation>Descuadre</translation>
    </message>
    <message>
        <source>Shift %1 — %2</source>
        <translation>Turno %1 — %2</translation>
    </message>
    <message>
        <source>Opened</source>
        <translation>Abierto</translation>
    </message>
    <message>
        <source>Card refunds</source>
        <translation>Devoluciones con tarjeta</translation>
    </message>
</context>
<context>
    <name>boxoffice::app::SignInList</name>
    <message>
        <source>Latest sign-ins</source>
        <translation>Últimos inicios de sesión</translation>
    </message>
    <message>
        <source>Who</source>
        <translation>Quién</translation>
    </message>
    <message>
        <source>When</source>
        <translation>Cuándo</translation>
    </message>
    <message>
        <source>From</source>
        <translation>Desde</translation>
    </message>
</context>
<context>
    <name>boxoffice::app::SignInPage</name>
    <message>
        <source>Box Office — Sign in</source>
        <translation>Taquilla — Iniciar sesión</translation>
    </message>
    <message>
        <source>&amp;Server:</source>
        <translation>&amp;Servidor:</translation>
    </message>
    <message>
        <source>&amp;User:</source>
        <translation>&amp;Usuario:</translation>
    </message>
    <message>
        <source>&amp;Password:</source>
        <translation>&amp;Contraseña:</translation>
    </message>
    <message>
        <source>Sign in (Enter)</source>
        <translation>Entrar (Intro)</translation>
    </message>
    <message>
        <source>Signing in…</source>
        <translation>Entrando…</translation>
    </message>
    <message>
        <source>Enter the server address, e.g. http://127.0.0.1:8080</source>
        <translation>Escriba la dirección del servidor, p. ej. http://127.0.0.1:8080</translation>
    </message>
    <message>
        <source>Enter your user name and password.</source>
        <translation>Escriba su usuario y contraseña.</translation>
    </message>
</context>
<context>
    <name>boxoffice::app::SplitTenderPage</name>
    <message>
        <source>Terminal receipt number</source>
        <translation>Número del recibo del datáfono</translation>
    </message>
    <message>
        <source>In cash:</source>
        <translation>En efectivo:</translation>
    </message>
    <message>
        <source>Cash handed over:</source>
        <translation>Efectivo entregado:</translation>
    </message>
    <message>
        <source>On the card terminal:</source>
        <translation>En el datáfono:</translation>
    </message>
    <message>
        <source>Card reference:</source>
        <translation>Referencia de la tarjeta:</translation>
    </message>
    <message>
        <source>Cash still due: %1</source>
        <translation>Falta en efectivo: %1</translation>
    </message>
    <message>
        <source>Change: %1</source>
        <translation>Cambio: %1</translation>
    </message>
</context>
<context>
    <name>boxoffice::app::StaffListModel</name>
    <message>
        <source>Cannot sign in; every session of this account has stopped.</source>
        <translation>No puede iniciar sesión; todas las sesiones de esta cuenta se han detenido.</translation>
    </message>
    <message>
        <source>Can sign in.</source>
        <translation>Puede iniciar sesión.</translation>
    </message>
    <message>
        <source>%1 (you)</source>
        <translation>%1 (usted)</translation>
    </message>
    <message>
        <source>Disabled</source>
        <translation>Desactivada</translation>
    </message>
    <message>
        <source>Enabled</source>
        <translation>Activa</translation>
    </message>
    <message>
        <source>Never</source>
        <translation>Nunca</translation>
    </message>
    <message>
        <source>User name</source>
        <translation>Nombre de usuario</translation>
    </message>
    <message>
        <source>Role</source>
        <translation>Rol</translation>
    </message>
    <message>
        <source>State</source>
        <translation>Estado</translation>
    </message>
    <message>
        <source>Created</source>
        <translation>Creada</translation>
    </message>
    <message>
        <source>Last sign-in</source>
        <translation>Último inicio de sesión</translation>
    </message>
</context>
<context>
    <name>boxoffice::app::StaffPage</name>
    <message>
        <source>Staff</source>
        <translation>Personal</translation>
    </message>
    <message>
        <source>Refresh (Ctrl+R)</source>
        <translation>Actualizar (Ctrl+R)</translation>
    </message>
    <message>
        <source>Refresh the staff accounts</source>
        <translation>Actualizar las cuentas de personal</translation>
    </message>
    <message>
        <source>&amp;New account… (Ctrl+N)</source>
        <translation>&amp;Nueva cuenta… (Ctrl+N)</translation>
    </message>
    <message>
        <source>Change &amp;role… (Ctrl+E)</source>
        <translation>Cambiar el &amp;rol… (Ctrl+E)</translation>
    </message>
    <message>
        <source>Reset &amp;password… (Ctrl+Shift+P)</source>
        <translation>Restablecer la &amp;contraseña… (Ctrl+Mayús+P)</translation>
    </message>
    <message>
        <source>Staff accounts</source>
        <translation>Cuentas de personal</translation>
    </message>
    <message>
        <source>Latest sign-ins</source>
        <translation>Últimos inicios de sesión</translation>
    </message>
    <message>
        <source>This is your own account: you cannot disable it or change its role, so that nobody locks the venue out by mistake. Another manager can. You may reset your own password.</source>
        <translation>Esta es su propia cuenta: no puede desactivarla ni cambiar su rol, para que nadie deje al recinto sin acceso por error. Otro gerente sí puede. Su propia contraseña sí puede restablecerla.</translation>
    </message>
    <message>
        <source>Only an administrator may change an administrator&apos;s account.</source>
        <translation>Solo un administrador puede cambiar la cuenta de un administrador.</translation>
    </message>
    <message>
        <source>&amp;Enable… (Ctrl+D)</source>
        <translation>&amp;Activar… (Ctrl+D)</translation>
    </message>
    <message>
        <source>&amp;Disable… (Ctrl+D)</source>
        <translation>&amp;Desactivar… (Ctrl+D)</translation>
    </message>
    <message>
        <source>Loading the staff accounts…</source>
        <translation>Cargando las cuentas de personal…</translation>
    </message>
    <message>
        <source>The staff accounts could not be loaded. %1</source>
        <translation>No se pudieron cargar las cuentas de personal. %1</translation>
    </message>
    <message>
        <source>No staff accounts yet. Create the first one with New account (Ctrl+N).</source>
        <translation>Todavía no hay cuentas de personal. Cree la primera con Nueva cuenta (Ctrl+N).</translation>
    </message>
    <message numerus="yes">
        <source>Accounts: %n.</source>
        <translation>
            <numerusform>Cuentas: %n.</numerusform>
            <numerusform>Cuentas: %n.</numerusform>
        </translation>
    </message>
    <message>
        <source>Account “%1” created (%2). It can sign in now.</source>
        <translation>Cuenta «%1» creada (%2). Ya puede iniciar sesión.</translation>
    </message>
    <message>
        <source>“%1” is disabled: every session of it has stopped.</source>
        <translation>«%1» está desactivada: todas sus sesiones se han detenido.</translation>
    </message>
    <message>
        <source>“%1” is enabled: it can sign in again.</source>
        <translation>«%1» está activada: puede volver a iniciar sesión.</translation>
    </message>
    <message>
        <source>“%1” was not changed. %2</source>
        <translation>«%1» no se ha cambiado. %2</translation>
    </message>
    <message>
        <source>“%1” is now: %2.</source>
        <translation>«%1» es ahora: %2.</translation>
    </message>
    <message>
        <source>The password of “%1” is changed.</source>
        <translation>La contraseña de «%1» se ha cambiado.</translation>
    </message>
</context>
<context>
    <name>boxoffice::app::StaffWords</name>
    <message>
        <source>The password needs at least %1 characters.</source>
        <translation>La contraseña necesita al menos %1 caracteres.</translation>
    </message>
    <message>
        <source>This password is one of the most common ones. Choose another.</source>
        <translation>Esta contraseña es una de las más comunes. Elija otra.</translation>
    </message>
    <message>
        <source>The password must not be the user name.</source>
        <translation>La contraseña no puede ser el nombre de usuario.</translation>
    </message>
    <message>
        <source>The password needs more than two different characters.</source>
        <translation>La contraseña necesita más de dos caracteres distintos.</translation>
    </message>
    <message>
        <source>The server did not accept this password.</source>
        <translation>El servidor no ha aceptado esta contraseña.</translation>
    </message>
    <message>
        <source>Clerk</source>
        <translation>Taquillero</translation>
    </message>
    <message>
        <source>Manager</source>
        <translation>Gerente</translation>
    </message>
    <message>
        <source>Door staff</source>
        <translation>Personal de puerta</translation>
    </message>
    <message>
        <source>Administrator</source>
        <translation>Administrador</translation>
    </message>
    <message>
        <source>This user name is taken. Choose another.</source>
        <translation>Este nombre de usuario ya existe. Elija otro.</translation>
    </message>
    <message>
        <source>2 to 64 lower-case letters, digits, dots, dashes or underscores, starting with a letter or digit.</source>
        <translation>De 2 a 64 letras minúsculas, dígitos, puntos, guiones o guiones bajos, empezando por una letra o un dígito.</translation>
    </message>
    <message>
        <source>Choose clerk, manager or door staff.</source>
        <translation>Elija taquillero, gerente o personal de puerta.</translation>
    </message>
    <message>
        <source>This value is not accepted.</source>
        <translation>Este valor no se acepta.</translation>
    </message>
    <message>
        <source>You cannot disable your own account: ask another manager.</source>
        <translation>No puede desactivar su propia cuenta: pídaselo a otro gerente.</translation>
    </message>
    <message>
        <source>You cannot change your own role: ask another manager.</source>
        <translation>No puede cambiar su propio rol: pídaselo a otro gerente.</translation>
    </message>
    <message>
        <source>Only an administrator may change an administrator&apos;s account or make one.</source>
        <translation>Solo un administrador puede cambiar la cuenta de un administrador o crear una.</translation>
    </message>
    <message>
        <source>Your account may not change staff accounts.</source>
        <translation>Su cuenta no puede cambiar cuentas de personal.</translation>
    </message>
    <message>
        <source>This account no longer exists. Refresh the list.</source>
        <translation>Esta cuenta ya no existe. Actualice la lista.</translation>
    </message>
    <message>
        <source>The server is busy. Try again in a moment.</source>
        <translation>El servidor está ocupado. Inténtelo de nuevo en un momento.</translation>
    </message>
</context>
<context>
    <name>boxoffice::app::TicketPricingPage</name>
    <message>
        <source>New type</source>
        <translation>Nuevo tipo</translation>
    </message>
    <message>
        <source>&amp;Event:</source>
        <translation>&amp;Evento:</translation>
    </message>
    <message>
        <source>Ticket types</source>
        <translation>Tipos de entrada</translation>
    </message>
    <message>
        <source>Fees</source>
        <translation>Gastos</translation>
    </message>
    <message>
        <source>Per ticket</source>
        <translation>Por entrada</translation>
    </message>
    <message>
        <source>Per ticket (%)</source>
        <translation>Por entrada (%)</translation>
    </message>
    <message>
        <source>Per order</source>
        <translation>Por pedido</translation>
    </message>
    <message>
        <source>Per order (%)</source>
        <translation>Por pedido (%)</translation>
    </message>
    <message>
        <source>Online</source>
        <translation>En línea</translation>
    </message>
    <message>
        <source>At the counter</source>
        <translation>En taquilla</translation>
    </message>
    <message>
        <source>Tax</source>
        <translation>Impuesto</translation>
    </message>
    <message>
        <source>&amp;Name on receipts:</source>
        <translation>&amp;Nombre en los recibos:</translation>
    </message>
    <message>
        <source>&amp;Rate:</source>
        <translation>&amp;Tipo:</translation>
    </message>
    <message>
        <source>Promo codes</source>
        <translation>Códigos promocionales</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Nombre</translation>
    </message>
    <message>
        <source>For category</source>
        <translation>Para la categoría</translation>
    </message>
    <message>
        <source>Priced as</source>
        <translation>Precio</translation>
    </message>
    <message>
        <source>Amount</source>
        <translation>Importe</translation>
    </message>
    <message>
        <source>Most per order</source>
        <translation>Máximo por pedido</translation>
    </message>
    <message>
        <source>Counter</source>
        <translation>Taquilla</translation>
    </message>
    <message>
        <source>Code</source>
        <translation>Código</translation>
    </message>
    <message>
        <source>Takes off</source>
        <translation>Descuenta</translation>
    </message>
    <message>
        <source>Uses</source>
        <translation>Usos</translation>
    </message>
    <message>
        <source>For</source>
        <translation>Para</translation>
    </message>
    <message>
        <source>State</source>
        <translation>Estado</translation>
    </message>
    <message>
        <source>Add a type</source>
        <translation>Añadir un tipo</translation>
    </message>
    <message>
        <source>Remove the type</source>
        <translation>Quitar el tipo</translation>
    </message>
    <message>
        <source>Prices include the tax</source>
        <translation>Los precios incluyen el impuesto</translation>
    </message>
    <message>
        <source>Refunds give the fees back</source>
        <translation>Las devoluciones incluyen los gastos</translation>
    </message>
    <message>
        <source>Save prices (Ctrl+S)</source>
        <translation>Guardar precios (Ctrl+S)</translation>
    </message>
    <message>
        <source>New code…</source>
        <translation>Nuevo código…</translation>
    </message>
    <message>
        <source>Switch the code off or on</source>
        <translation>Desactivar o activar el código</translation>
    </message>
    <message>
        <source>The events could not be loaded. %1</source>
        <translation>No se pudieron cargar los eventos. %1</translation>
    </message>
    <message>
        <source>Every category</source>
        <translation>Todas las categorías</translation>
    </message>
    <message>
        <source>Difference to its category</source>
        <translation>Diferencia con su categoría</translation>
    </message>
    <message>
        <source>Its own price</source>
        <translation>Precio propio</translation>
    </message>
    <message>
        <source>No limit</source>
        <translation>Sin límite</translation>
    </message>
    <message>
        <source>Saved. New sales are priced this way; what was sold keeps its price.</source>
        <translation>Guardado. Las nuevas ventas usan estos precios; lo vendido conserva su precio.</translation>
    </message>
    <message>
        <source>Someone else changed this event meanwhile: the prices were loaded again. Make your change once more.</source>
        <translation>Otra persona cambió este evento mientras tanto: los precios se han vuelto a cargar. Haga su cambio de nuevo.</translation>
    </message>
    <message>
        <source>Ticket type “%1”: %2</source>
        <translation>Tipo de entrada «%1»: %2</translation>
    </message>
    <message>
        <source>%1 % off</source>
        <translation>%1 % de descuento</translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation>%1 de %2</translation>
    </message>
    <message>
        <source>Every ticket</source>
        <translation>Todas las entradas</translation>
    </message>
    <message>
        <source>Off</source>
        <translation>Desactivado</translation>
    </message>
    <message>
        <source>On</source>
        <translation>Activado</translation>
    </message>
    <message>
        <source>Code %1 created.</source>
        <translation>Código %1 creado.</translation>
    </message>
    <message>
        <source>Another code is already called %1.</source>
        <translation>Ya hay otro código llamado %1.</translation>
    </message>
    <message>
        <source>Code %1 is off: nobody can use it now.</source>
        <translation>El código %1 está desactivado: nadie puede usarlo ahora.</translation>
    </message>
    <message>
        <source>Code %1 is on again.</source>
        <translation>El código %1 vuelve a estar activado.</translation>
    </message>
    <message>
        <source>%1 off</source>
        <translation>%1 de descuento</translation>
    </message>
    <message>
        <source>price %1</source>
        <translation>precio %1</translation>
    </message>
</context>
<context>
    <name>boxoffice::app::TicketPrinter</name>
    <message>
        <source>TICKET</source>
        <translation>ENTRADA</translation>
    </message>
    <message>
        <source>Order %1</source>
        <translation>Pedido %1</translation>
    </message>
    <message>
        <source>Ticket %1 of %2</source>
        <translation>Entrada %1 de %2</translation>
    </message>
    <message>
        <source>RECEIPT</source>
        <translation>RECIBO</translation>
    </message>
    <message>
        <source>Total</source>
        <translation>Total</translation>
    </message>
    <message>
        <source>Paid by</source>
        <translation>Pagado con</translation>
    </message>
    <message>
        <source>Tendered</source>
        <translation>Entregado</translation>
    </message>
    <message>
        <source>Change</source>
        <translation>Cambio</translation>
    </message>
    <message>
        <source>Reason</source>
        <translation>Motivo</translation>
    </message>
    <message>
        <source>Reference</source>
        <translation>Referencia</translation>
    </message>
    <message>
        <source>Served by</source>
        <translation>Atendido por</translation>
    </message>
</context>
<context>
    <name>boxoffice::app::VoucherDialog</name>
    <message>
        <source>New promo code</source>
        <translation>Nuevo código promocional</translation>
    </message>
    <message>
        <source>e.g. SPRING20 (3 to 40 letters or digits)</source>
        <translation>p. ej. PRIMAVERA20 (de 3 a 40 letras o cifras)</translation>
    </message>
    <message>
        <source>Percentage off</source>
        <translation>Porcentaje de descuento</translation>
    </message>
    <message>
        <source>Amount off</source>
        <translation>Importe de descuento</translation>
    </message>
    <message>
        <source>Fixed price</source>
        <translation>Precio fijo</translation>
    </message>
    <message>
        <source>Every ticket</source>
        <translation>Todas las entradas</translation>
    </message>
    <message>
        <source>No limit</source>
        <translation>Sin límite</translation>
    </message>
    <message>
        <source>&amp;Code:</source>
        <translation>&amp;Código:</translation>
    </message>
    <message>
        <source>&amp;Takes off:</source>
        <translation>&amp;Descuenta:</translation>
    </message>
    <message>
        <source>&amp;How much:</source>
        <translation>&amp;Cuánto:</translation>
    </message>
    <message>
        <source>&amp;For:</source>
        <translation>&amp;Para:</translation>
    </message>
    <message>
        <source>&amp;Uses in all:</source>
        <translation>&amp;Usos en total:</translation>
    </message>
    <message>
        <source>Uses per &amp;fan:</source>
        <translation>Usos por &amp;cliente:</translation>
    </message>
    <message>
        <source>Create code</source>
        <translation>Crear código</translation>
    </message>
    <message>
        <source>Allocation name, e.g. fanclub (empty: none)</source>
        <translation>Nombre del cupo, p. ej. fanclub (vacío: ninguno)</translation>
    </message>
    <message>
        <source>Seats held back for this allocation become available to whoever has the code, online too. Such a code may take 0 % off.</source>
        <translation>Los asientos reservados para este cupo quedan a la venta para quien tenga el código, también en línea. Un código así puede descontar un 0 %.</translation>
    </message>
    <message>
        <source>&amp;Opens seats held back for:</source>
        <translation>&amp;Abre los asientos reservados para:</translation>
    </message>
</context>
<context>
    <name>boxoffice::app::WillCallDialog</name>
    <message>
        <source>&amp;Print tickets here (F8)</source>
        <translation>&amp;Imprimir entradas aquí (F8)</translation>
    </message>
    <message>
        <source>E&amp;xchange seat… (F11)</source>
        <translation>&amp;Cambiar butaca… (F11)</translation>
    </message>
    <message>
        <source>Will-call</source>
        <translation>Recogida de entradas</translation>
    </message>
    <message>
        <source>Order number, e-mail, name — or scan the QR code on the phone — then Enter</source>
        <translation>Número de pedido, correo, nombre — o escanee el QR del móvil — y pulse Intro</translation>
    </message>
    <message>
        <source>Customer</source>
        <translation>Cliente</translation>
    </message>
    <message>
        <source>Event</source>
        <translation>Evento</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Estado</translation>
    </message>
    <message>
        <source>Tickets</source>
        <translation>Entradas</translation>
    </message>
    <message>
        <source>Seat</source>
        <translation>Butaca</translation>
    </message>
    <message>
        <source>Price</source>
        <translation>Precio</translation>
    </message>
    <message>
        <source>Prints the order&apos;s valid tickets with their codes unchanged</source>
        <translation>Imprime las entradas válidas del pedido con los mismos códigos</translation>
    </message>
    <message>
        <source>Moves the selected ticket to another free seat</source>
        <translation>Pasa la entrada seleccionada a otra butaca libre</translation>
    </message>
    <message>
        <source>Close (Esc)</source>
        <translation>Cerrar (Esc)</translation>
    </message>
    <message>
        <source>Type at least two characters.</source>
        <translation>Escriba al menos dos caracteres.</translation>
    </message>
    <message>
        <source>Searching…</source>
        <translation>Buscando…</translation>
    </message>
    <message>
        <source>That seat was taken meanwhile. Pick another.</source>
        <translation>Esa butaca se ocupó mientras tanto. Elija otra.</translation>
    </message>
    <message>
        <source>This ticket was already scanned at the door; it cannot be exchanged.</source>
        <translation>Esta entrada ya se escaneó en la puerta; no se puede cambiar.</translation>
    </message>
    <message>
        <source>This ticket is void (refunded, reissued or exchanged). Search again.</source>
        <translation>Esta entrada está anulada (devuelta, reemitida o cambiada). Busque de nuevo.</translation>
    </message>
    <message>
        <source>Open a shift (F4) before handling cash.</source>
        <translation>Abra un turno (F4) antes de manejar efectivo.</translation>
    </message>
    <message>
        <source>Not found.</source>
        <translation>No encontrado.</translation>
    </message>
    <message>
        <source>Your role may not do this.</source>
        <translation>Su rol no permite hacer esto.</translation>
    </message>
    <message>
        <source>The server cannot be reached.</source>
        <translation>No se puede conectar con el servidor.</translation>
    </message>
    <message>
        <source>No order matches. Check the spelling, or ask for the order number.</source>
        <translation>Ningún pedido coincide. Revise la ortografía o pida el número de pedido.</translation>
    </message>
    <message>
        <source>One order found.</source>
        <translation>Un pedido encontrado.</translation>
    </message>
    <message numerus="yes">
        <source>%n orders found.</source>
        <translation>
            <numerusform>%n pedido encontrado.</numerusform>
            <numerusform>%n pedidos encontrados.</numerusform>
        </translation>
    </message>
    <message>
        <source>Standing: %1</source>
        <translation>De pie: %1</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; — %2, %3&lt;br&gt;Order %4 — %5 — %6</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; — %2, %3&lt;br&gt;Pedido %4 — %5 — %6</translation>
    </message>
    <message numerus="yes">
        <source>Printing %n ticket(s); the codes are the same as on the phone.</source>
        <translation>
            <numerusform>Imprimiendo %n entrada; el código es el mismo que en el móvil.</numerusform>
            <numerusform>Imprimiendo %n entradas; los códigos son los mismos que en el móvil.</numerusform>
        </translation>
    </message>
    <message>
        <source>Select a valid ticket to exchange.</source>
        <translation>Seleccione una entrada válida para cambiar.</translation>
    </message>
    <message>
        <source>Exchanged: the old ticket no longer works. Printing the new one.</source>
        <translation>Cambiada: la entrada antigua ya no vale. Imprimiendo la nueva.</translation>
    </message>
    <message>
        <source>&amp;Mail again… (F9)</source>
        <translation>Reenviar por &amp;correo… (F9)</translation>
    </message>
    <message>
        <source>Sends the order&apos;s tickets by e-mail again, to the same or a new address</source>
        <translation>Vuelve a enviar por correo las entradas del pedido, a la misma dirección o a otra</translation>
    </message>
    <message>
        <source>Select a paid order to mail.</source>
        <translation>Seleccione un pedido pagado para enviarlo.</translation>
    </message>
    <message>
        <source>Mail tickets again</source>
        <translation>Reenviar entradas por correo</translation>
    </message>
    <message>
        <source>E-mail address (change it if the fan asks; empty = the order&apos;s own):</source>
        <translation>Dirección de correo (cámbiela si el cliente lo pide; vacía = la del pedido):</translation>
    </message>
    <message>
        <source>&amp;Send</source>
        <translation>&amp;Enviar</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Cancelar</translation>
    </message>
    <message>
        <source>Sending…</source>
        <translation>Enviando…</translation>
    </message>
    <message>
        <source>The tickets are on their way to %1.</source>
        <translation>Las entradas van de camino a %1.</translation>
    </message>
    <message>
        <source>The server&apos;s answer could not be read (%1).</source>
        <translation>No se ha podido leer la respuesta del servidor (%1).</translation>
    </message>
</context>
<context>
    <name>boxoffice::client::LiveSession</name>
    <message>
        <source>Unreadable message from the server</source>
        <translation>Mensaje ilegible del servidor</translation>
    </message>
</context>
<context>
    <name>boxoffice::seatmap::ObjectItem</name>
    <message numerus="yes">
        <source>GA · %n places</source>
        <translation>
            <numerusform>De pie · %n plaza</numerusform>
            <numerusform>De pie · %n plazas</numerusform>
        </translation>
    </message>
</context>
</TS>
